import { type AskQuestion, QuestionAnswerRecordSchema } from "@elowen/plugin-api/questions";
import { errorMessage, isElowenError } from "@elowen/plugin-shared/errors";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { ASKUSER_ANSWERS_INVALID, answerRecord } from "./answer-record.js";

const database: AskQuestion = {
  question: "Which database should the service use?",
  header: "Database",
  options: [{ label: "SQLite", recommended: true }, { label: "Postgres" }],
};
const features: AskQuestion = {
  question: "Which features ship first?",
  header: "Features",
  options: [{ label: "Search" }, { label: "Export" }, { label: "Sharing" }],
  multiSelect: true,
};

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}

describe("answerRecord", () => {
  test("records each question's text, header, selection, custom input and outcome, in order", () => {
    const record = answerRecord(
      [database, features],
      [
        { outcome: "answered", selected: ["SQLite"] },
        { outcome: "answered", selected: ["Search", "Export"], other: "dark mode too" },
      ],
    );
    expect(record).toEqual({
      questions: [
        {
          question: "Which database should the service use?",
          header: "Database",
          selected: ["SQLite"],
          outcome: "answered",
        },
        {
          question: "Which features ship first?",
          header: "Features",
          selected: ["Search", "Export"],
          other: "dark mode too",
          outcome: "answered",
        },
      ],
    });
  });

  test("keeps the host's expired outcome with nothing selected", () => {
    const record = answerRecord([database], [{ outcome: "expired", selected: [] }]);
    expect(record.questions).toEqual([
      {
        question: database.question,
        header: "Database",
        selected: [],
        outcome: "expired",
      },
    ]);
  });

  test("records four questions, the most one call may ask", () => {
    const questions = [1, 2, 3, 4].map((n) => ({ ...database, header: `Q${n}` }));
    const answers = questions.map(() => ({ outcome: "answered", selected: ["Postgres"] }));
    expect(answerRecord(questions, answers).questions.map((q) => q.header)).toEqual([
      "Q1",
      "Q2",
      "Q3",
      "Q4",
    ]);
  });

  test.each([
    [[], "expected 2 answers, one per question in order, received 0"],
    [
      [
        { outcome: "answered", selected: ["SQLite"] },
        { outcome: "answered", selected: ["Search"] },
        { outcome: "answered", selected: ["Export"] },
      ],
      "expected 2 answers, one per question in order, received 3",
    ],
  ])("refuses answers not aligned with the questions (%#)", (answers, received) => {
    const error = thrown(() => answerRecord([database, features], answers));
    expect(isElowenError(error, ASKUSER_ANSWERS_INVALID)).toBe(true);
    expect(errorMessage(error)).toContain(received);
  });

  test("refuses an answer with an outcome the contract does not know, naming it", () => {
    const error = thrown(() => answerRecord([database], [{ outcome: "skipped", selected: [] }]));
    expect(isElowenError(error, ASKUSER_ANSWERS_INVALID)).toBe(true);
    expect(errorMessage(error)).toContain("answers[0].outcome");
  });

  test("produces a record that passes the contract's own schema, or refuses with its code", () => {
    const answer = fc.oneof(
      fc.record({
        outcome: fc.constant("answered" as const),
        selected: fc.subarray(["SQLite", "Postgres"]),
        other: fc.option(fc.string({ maxLength: 4000 }), { nil: undefined }),
      }),
      fc.constant({ outcome: "expired" as const, selected: [] as string[] }),
    );
    let produced = 0;
    fc.assert(
      fc.property(fc.array(answer, { minLength: 1, maxLength: 4 }), (answers) => {
        const clean = answers.map((a) =>
          "other" in a && a.other === undefined ? { outcome: a.outcome, selected: a.selected } : a,
        );
        let record: ReturnType<typeof answerRecord>;
        try {
          record = answerRecord(
            clean.map(() => database),
            clean,
          );
        } catch (error) {
          expect(isElowenError(error, ASKUSER_ANSWERS_INVALID)).toBe(true);
          return;
        }
        produced += 1;
        expect(QuestionAnswerRecordSchema.safeParse(record).success).toBe(true);
        expect(record.questions.map((q) => q.outcome)).toEqual(clean.map((a) => a.outcome));
      }),
    );
    expect(produced).toBeGreaterThan(0);
  });
});

describe("answerRecord is built by @elowen/question-answer's rules", () => {
  test.each([
    ["a label that is not an option", [{ outcome: "answered", selected: ["MySQL"] }]],
    [
      "two labels on a single-select question",
      [{ outcome: "answered", selected: ["SQLite", "Postgres"] }],
    ],
    ["an answered question that picks nothing", [{ outcome: "answered", selected: [] }]],
    ["an expired answer that selects something", [{ outcome: "expired", selected: ["SQLite"] }]],
  ])("refuses %s with askuser.answers_invalid naming the field", (_, answers) => {
    const error = thrown(() => answerRecord([database], answers));
    expect(isElowenError(error, ASKUSER_ANSWERS_INVALID)).toBe(true);
    expect(errorMessage(error)).toContain("answers[0]");
  });
});
