import { describe, expect, test } from "vitest";
import { AskQuestionSchema, AskQuestionsSchema, QuestionAnswerRecordSchema } from "./questions.js";

const option = (label: string) => ({ label });
const question = (n: number, extra: Record<string, unknown> = {}) => ({
  question: "Which database?",
  header: "Database",
  options: Array.from({ length: n }, (_, i) => option(`Option ${i + 1}`)),
  ...extra,
});

describe("the AskUserQuestion schema", () => {
  test.each([
    [1, false],
    [2, true],
    [4, true],
    [5, false],
  ])("a question with %i options is valid: %s", (n, valid) => {
    expect(AskQuestionSchema.safeParse(question(n)).success).toBe(valid);
  });

  test.each([
    [0, false],
    [1, true],
    [4, true],
    [5, false],
  ])("a batch of %i questions is valid: %s", (n, valid) => {
    expect(AskQuestionsSchema.safeParse(Array.from({ length: n }, () => question(2))).success).toBe(
      valid,
    );
  });

  test("keeps the recommendation out of the label", () => {
    const parsed = AskQuestionSchema.parse(
      question(2, { options: [{ label: "SQLite", recommended: true }, option("Postgres")] }),
    );
    expect(parsed.options[0]).toEqual({ label: "SQLite", recommended: true });
  });

  test("refuses duplicate labels and previews on multi-select", () => {
    const dup = AskQuestionSchema.safeParse(question(2, { options: [option("A"), option("A")] }));
    expect(dup.success).toBe(false);
    const multi = AskQuestionSchema.safeParse(
      question(2, { multiSelect: true, options: [{ label: "A", preview: "# a" }, option("B")] }),
    );
    expect(multi.success ? [] : multi.error.issues.map((i) => i.path.join("."))).toEqual([
      "options.0.preview",
    ]);
  });

  test("keeps a long header whole (only the CLI clips)", () => {
    const header = "H".repeat(200);
    expect(AskQuestionSchema.parse(question(2, { header })).header).toBe(header);
    expect(AskQuestionSchema.safeParse(question(2, { header: "H".repeat(201) })).success).toBe(
      false,
    );
  });
});

describe("answer records", () => {
  const answered = { question: "Q", header: "H", selected: ["A"], outcome: "answered" };
  const permission = {
    question: "Run Bash?",
    header: "Permission",
    selected: ["Allow once"],
    outcome: "once",
    approval: { tool: "Bash", summary: "ls" },
  };

  test("a four-question batch may carry a fifth, permission entry", () => {
    const record = { questions: [permission, answered, answered, answered, answered] };
    expect(QuestionAnswerRecordSchema.safeParse(record).success).toBe(true);
    expect(
      QuestionAnswerRecordSchema.safeParse({ questions: [...record.questions, answered] }).success,
    ).toBe(false);
  });

  test("refuses a permission outcome without approval facts", () => {
    expect(
      QuestionAnswerRecordSchema.safeParse({ questions: [{ ...answered, outcome: "always" }] })
        .success,
    ).toBe(false);
  });

  test("an expired question keeps its shape", () => {
    expect(
      QuestionAnswerRecordSchema.parse({
        questions: [{ ...answered, selected: [], outcome: "expired" }],
      }).questions[0]?.outcome,
    ).toBe("expired");
  });
});
