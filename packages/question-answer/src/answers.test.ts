import type { AskQuestion } from "@elowen/plugin-api/questions";
import { describe, expect, test } from "vitest";
import { buildQuestionAnswer, expiredAnswers, validateAnswers } from "./answers.js";

const single: AskQuestion = {
  question: "Which database?",
  header: "Database",
  options: [{ label: "SQLite" }, { label: "Postgres" }],
};
const multi: AskQuestion = {
  question: "Which regions?",
  header: "Regions",
  options: [{ label: "EU" }, { label: "US" }, { label: "Asia" }],
  multiSelect: true,
};
const closed: AskQuestion = { ...single, header: "Closed", allowOther: false };

function paths(questions: AskQuestion[], answers: unknown): string[] {
  const checked = validateAnswers(questions, answers);
  return checked.ok ? [] : checked.problem.issues.map((issue) => issue.path);
}

describe("validateAnswers", () => {
  test("takes answers index-aligned with the questions", () => {
    const answers = [
      { outcome: "answered", selected: ["Postgres"] },
      { outcome: "answered", selected: ["EU", "Asia"], other: "Mars" },
    ];
    expect(validateAnswers([single, multi], answers)).toEqual({ ok: true, value: answers });
  });

  test("refuses a count that does not match the questions", () => {
    const checked = validateAnswers(
      [single, multi],
      [{ outcome: "answered", selected: ["SQLite"] }],
    );
    expect(checked.ok ? "" : checked.problem.message).toBe(
      "answers: expected 2 answers, one per question in order, received 1",
    );
    expect(paths([single], "SQLite")).toEqual(["answers"]);
  });

  test.each([
    [
      "a label the question does not offer",
      { outcome: "answered", selected: ["MySQL"] },
      "answers[0].selected[0]",
    ],
    [
      "two options on a single-select question",
      { outcome: "answered", selected: ["SQLite", "Postgres"] },
      "answers[0]",
    ],
    [
      "an option and custom input on a single-select question",
      { outcome: "answered", selected: ["SQLite"], other: "x" },
      "answers[0]",
    ],
    ["nothing at all", { outcome: "answered", selected: [] }, "answers[0]"],
    ["blank custom input", { outcome: "answered", selected: [], other: "  " }, "answers[0].other"],
    [
      "an expired answer that selects something",
      { outcome: "expired", selected: ["SQLite"] },
      "answers[0]",
    ],
    ["an unknown outcome", { outcome: "skipped", selected: [] }, "answers[0].outcome"],
  ])("refuses %s", (_, answer, path) => {
    expect(paths([single], [answer])).toContain(path);
  });

  test("refuses custom input where the question turned it off", () => {
    expect(paths([closed], [{ outcome: "answered", selected: [], other: "MySQL" }])).toEqual([
      "answers[0].other",
    ]);
  });

  test("refuses a label selected twice on a multi-select question", () => {
    expect(paths([multi], [{ outcome: "answered", selected: ["EU", "EU"] }])).toEqual([
      "answers[0].selected[1]",
    ]);
  });

  test("accepts custom input of 4000 characters and refuses 4001, naming the field", () => {
    const at = (n: number) => [{ outcome: "answered", selected: [], other: "o".repeat(n) }];
    expect(validateAnswers([single], at(4000)).ok).toBe(true);
    expect(paths([single], at(4001))).toEqual(["answers[0].other"]);
  });

  test("accepts custom input alone on a single-select question", () => {
    expect(
      validateAnswers([single], [{ outcome: "answered", selected: [], other: "MySQL" }]).ok,
    ).toBe(true);
  });
});

describe("answer records", () => {
  test("a timeout expires every question, selecting nothing", () => {
    const answers = expiredAnswers([single, multi]);
    expect(buildQuestionAnswer([single, multi], answers)).toEqual({
      ok: true,
      value: {
        questions: [
          { question: "Which database?", header: "Database", selected: [], outcome: "expired" },
          { question: "Which regions?", header: "Regions", selected: [], outcome: "expired" },
        ],
      },
    });
  });

  test("holds question, header, selected labels, custom input and outcome per question", () => {
    const built = buildQuestionAnswer(
      [single, multi],
      [
        { outcome: "answered", selected: ["SQLite"] },
        { outcome: "answered", selected: ["US"], other: "Mars" },
      ],
    );
    expect(built).toEqual({
      ok: true,
      value: {
        questions: [
          {
            question: "Which database?",
            header: "Database",
            selected: ["SQLite"],
            outcome: "answered",
          },
          {
            question: "Which regions?",
            header: "Regions",
            selected: ["US"],
            other: "Mars",
            outcome: "answered",
          },
        ],
      },
    });
  });

  test("refuses to build a record from invalid answers", () => {
    const built = buildQuestionAnswer([single], [{ outcome: "answered", selected: ["MySQL"] }]);
    expect(built.ok ? "" : built.problem.code).toBe("invalid-answers");
  });
});
