import { ASK_USER_PREVIEW_MAX_CHARS } from "@elowen/plugin-api/limits";
import { describe, expect, test } from "vitest";
import { parseAskQuestions } from "./ask-questions.js";

const options = (n: number) => Array.from({ length: n }, (_, i) => ({ label: `Option ${i + 1}` }));
const question = (extra: Record<string, unknown> = {}) => ({
  question: "Which database should the service use?",
  header: "Database",
  options: options(2),
  ...extra,
});

function problemPaths(input: unknown): string[] {
  const parsed = parseAskQuestions(input);
  return parsed.ok ? [] : parsed.problem.issues.map((issue) => issue.path);
}

describe("parseAskQuestions", () => {
  test.each([
    [0, false],
    [1, true],
    [4, true],
    [5, false],
  ])("a batch of %i questions is accepted: %s", (n, ok) => {
    expect(parseAskQuestions(Array.from({ length: n }, () => question())).ok).toBe(ok);
  });

  test.each([
    [1, false],
    [2, true],
    [4, true],
    [5, false],
  ])("a question with %i options is accepted: %s", (n, ok) => {
    expect(parseAskQuestions([question({ options: options(n) })]).ok).toBe(ok);
  });

  test("names the field and the rule of every problem", () => {
    const parsed = parseAskQuestions([question({ options: options(5) }), question({ header: "" })]);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.problem.code).toBe("invalid-questions");
    expect(parsed.problem.issues.map((issue) => issue.path)).toEqual([
      "questions[0].options",
      "questions[1].header",
    ]);
    expect(parsed.problem.message).toMatch(/^questions\[0\]\.options: .*4/);
  });

  test("enables custom input by default and keeps an explicit refusal", () => {
    const parsed = parseAskQuestions([question(), question({ allowOther: false })]);
    expect(parsed.ok && parsed.value.map((q) => q.allowOther)).toEqual([true, false]);
  });

  test("moves a recommendation written into a label to the option's flag", () => {
    const parsed = parseAskQuestions([
      question({
        options: [
          { label: "SQLite (Recommended)" },
          { label: "Postgres [recommended]" },
          { label: "MySQL" },
        ],
      }),
    ]);
    expect(parsed.ok && parsed.value[0]?.options).toEqual([
      { label: "SQLite", recommended: true },
      { label: "Postgres", recommended: true },
      { label: "MySQL" },
    ]);
  });

  test("keeps a flagged recommendation as it is, label untouched", () => {
    const parsed = parseAskQuestions([
      question({ options: [{ label: "SQLite", recommended: true }, { label: "Postgres" }] }),
    ]);
    expect(parsed.ok && parsed.value[0]?.options[0]).toEqual({
      label: "SQLite",
      recommended: true,
    });
  });

  test("refuses labels that collide once the recommendation is moved out", () => {
    expect(
      problemPaths([
        question({ options: [{ label: "SQLite (Recommended)" }, { label: "SQLite" }] }),
      ]),
    ).toEqual(["questions[0].options[1].label"]);
  });

  test("refuses a label that is only a recommendation marker", () => {
    expect(
      problemPaths([question({ options: [{ label: "(Recommended)" }, { label: "B" }] })]),
    ).toEqual(["questions[0].options[0].label"]);
  });

  test.each([
    [
      "an option label",
      200,
      (n: number) => question({ options: [{ label: "L".repeat(n) }, { label: "B" }] }),
      "questions[0].options[0].label",
    ],
    [
      "an option description",
      1000,
      (n: number) =>
        question({ options: [{ label: "A", description: "d".repeat(n) }, { label: "B" }] }),
      "questions[0].options[0].description",
    ],
    [
      "a question",
      2000,
      (n: number) => question({ question: "q".repeat(n) }),
      "questions[0].question",
    ],
  ])(
    "accepts %s at %i characters and refuses one more, naming the field",
    (_, max, build, path) => {
      expect(parseAskQuestions([build(max)]).ok).toBe(true);
      expect(problemPaths([build(max + 1)])).toEqual([path]);
    },
  );

  test("keeps a 200-character header whole and refuses 201", () => {
    const header = "H".repeat(200);
    const parsed = parseAskQuestions([question({ header })]);
    expect(parsed.ok && parsed.value[0]?.header).toBe(header);
    expect(problemPaths([question({ header: "H".repeat(201) })])).toEqual(["questions[0].header"]);
  });

  test("sanitizes single-select previews and refuses previews on multi-select", () => {
    const parsed = parseAskQuestions([
      question({
        options: [{ label: "A", preview: "<script>alert(1)</script>\n\n**bold**" }, { label: "B" }],
      }),
    ]);
    expect(parsed.ok && parsed.value[0]?.options[0]?.preview).toBe(
      "\\<script>alert(1)\\</script>\n\n**bold**",
    );
    expect(
      problemPaths([
        question({ multiSelect: true, options: [{ label: "A", preview: "x" }, { label: "B" }] }),
      ]),
    ).toEqual(["questions[0].options[0].preview"]);
  });

  test(`accepts a preview of ${ASK_USER_PREVIEW_MAX_CHARS} characters and refuses one more`, () => {
    const at = (n: number) =>
      question({ options: [{ label: "A", preview: "x".repeat(n) }, { label: "B" }] });
    expect(parseAskQuestions([at(ASK_USER_PREVIEW_MAX_CHARS)]).ok).toBe(true);
    expect(problemPaths([at(ASK_USER_PREVIEW_MAX_CHARS + 1)])).toEqual([
      "questions[0].options[0].preview",
    ]);
  });

  test("refuses input that is not an array of questions", () => {
    expect(problemPaths("Which database?")).toEqual(["questions"]);
    expect(problemPaths([{ ...question(), extra: true }])).toEqual(["questions[0]"]);
  });
});
