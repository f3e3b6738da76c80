import { ASK_USER_PREVIEW_MAX_CHARS } from "@elowen/plugin-api/limits";
import type { AskQuestion } from "@elowen/plugin-api/questions";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { z } from "zod";
import { AskUserQuestionArgumentsSchema, prepareQuestions } from "./questions.js";

const option = (label: string) => ({ label });
const question = (overrides: Partial<AskQuestion> = {}): AskQuestion => ({
  question: "Which database should the service use?",
  header: "Database",
  options: [option("SQLite"), option("Postgres")],
  ...overrides,
});

function issuesOf(input: unknown): string[] {
  const parsed = AskUserQuestionArgumentsSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
}

describe("the AskUserQuestion arguments", () => {
  test.each([1, 4])("accept %i questions", (count) => {
    const questions = Array.from({ length: count }, (_, i) => question({ header: `Q${i}` }));
    expect(issuesOf({ questions })).toEqual([]);
  });

  test.each([0, 5])("refuse %i questions, naming the field", (count) => {
    const questions = Array.from({ length: count }, () => question());
    const issues = issuesOf({ questions });
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatch(/^questions: /);
  });

  test.each([2, 4])("accept %i options", (count) => {
    const options = Array.from({ length: count }, (_, i) => option(`Choice ${i}`));
    expect(issuesOf({ questions: [question({ options })] })).toEqual([]);
  });

  test.each([1, 5])("refuse %i options, naming the question's options", (count) => {
    const options = Array.from({ length: count }, (_, i) => option(`Choice ${i}`));
    const issues = issuesOf({ questions: [question({ options })] });
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatch(/^questions\.0\.options: /);
  });

  test("accept a preview on a single-select option and refuse one on a multi-select option", () => {
    const options = [{ label: "SQLite", preview: "```sql\nselect 1;\n```" }, option("Postgres")];
    expect(issuesOf({ questions: [question({ options })] })).toEqual([]);
    expect(issuesOf({ questions: [question({ options, multiSelect: true })] })).toEqual([
      "questions.0.options.0.preview: previews are for single-select questions only",
    ]);
  });

  test("accept a preview at its cap and refuse one character more", () => {
    const at = "x".repeat(ASK_USER_PREVIEW_MAX_CHARS);
    const withPreview = (preview: string) => ({
      questions: [question({ options: [{ label: "A", preview }, option("B")] })],
    });
    expect(issuesOf(withPreview(at))).toEqual([]);
    expect(issuesOf(withPreview(`${at}x`))[0]).toMatch(/^questions\.0\.options\.0\.preview: /);
  });

  test("refuse fields the contract does not know", () => {
    expect(issuesOf({ questions: [question()], extra: 1 })[0]).toMatch(/extra/);
  });

  test("convert to the JSON Schema the model reads, with the limits in it", () => {
    const schema = z.toJSONSchema(AskUserQuestionArgumentsSchema, { io: "input" }) as unknown as {
      properties: { questions: { minItems: number; maxItems: number; description: string } };
    };
    expect(schema.properties.questions).toMatchObject({ minItems: 1, maxItems: 4 });
    expect(schema.properties.questions.description).toMatch(/One to 4 questions/);
  });
});

describe("prepareQuestions", () => {
  test.each([
    "SQLite (Recommended)",
    "SQLite (recommended)",
    "SQLite [Recommended]",
    "SQLite( recommended )",
    "SQLite   (RECOMMENDED)  ",
  ])("moves the recommendation in %j to the flag and keeps the bare label", (label) => {
    const prepared = prepareQuestions([question({ options: [option(label), option("Postgres")] })]);
    expect(prepared).toEqual({
      ok: true,
      questions: [
        {
          ...question(),
          options: [{ label: "SQLite", recommended: true }, { label: "Postgres" }],
          allowOther: true,
        },
      ],
    });
  });

  test("leaves a label that only mentions a recommendation mid-text alone", () => {
    const label = "Recommended defaults (as shipped)";
    const prepared = prepareQuestions([question({ options: [option(label), option("Custom")] })]);
    expect(prepared.ok && prepared.questions[0]?.options[0]).toEqual({ label });
  });

  test("turns custom input on by default and keeps an explicit false", () => {
    const prepared = prepareQuestions([question(), question({ allowOther: false, header: "B" })]);
    expect(prepared.ok && prepared.questions.map((q) => q.allowOther)).toEqual([true, false]);
  });

  test("keeps a 200-character header, the question and previews whole", () => {
    const header = "H".repeat(200);
    const preview = "# Plan\n\n<b>bold</b> and [link](javascript:alert(1))";
    const input = question({ header, options: [{ label: "A", preview }, option("B")] });
    const prepared = prepareQuestions([input]);
    expect(prepared.ok && prepared.questions[0]).toEqual({ ...input, allowOther: true });
  });

  test("refuses a label that was only the recommendation, naming the field", () => {
    const prepared = prepareQuestions([
      question({ header: "A" }),
      question({ options: [option("(Recommended)"), option("Postgres")] }),
    ]);
    expect(prepared).toEqual({
      ok: false,
      issues: [
        {
          path: "questions[1].options[0].label",
          message: "a label names the choice; mark a recommendation with recommended: true",
        },
      ],
      message:
        "questions[1].options[0].label: a label names the choice; mark a recommendation with recommended: true",
    });
  });

  test("refuses labels that collide once the recommendation is moved out", () => {
    const prepared = prepareQuestions([
      question({ options: [option("SQLite (Recommended)"), option("SQLite")] }),
    ]);
    expect(prepared.ok).toBe(false);
    expect(!prepared.ok && prepared.issues).toEqual([
      {
        path: "questions[0].options[1].label",
        message:
          'duplicate label "SQLite" once the recommendation mark is moved to recommended: true',
      },
    ]);
  });

  test("is idempotent and never changes a question's text, header or option count", () => {
    const label = fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s.trim() !== "");
    fc.assert(
      fc.property(
        fc.uniqueArray(label, { minLength: 2, maxLength: 4 }),
        fc.boolean(),
        (labels, marked) => {
          const options = labels.map((l, i) =>
            option(marked && i === 0 ? `${l} (Recommended)` : l),
          );
          const first = prepareQuestions([question({ options })]);
          if (!first.ok) return;
          const again = prepareQuestions(first.questions);
          expect(again).toEqual(first);
          const [q] = first.questions;
          expect(q?.header).toBe("Database");
          expect(q?.question).toBe("Which database should the service use?");
          expect(q?.options).toHaveLength(labels.length);
        },
      ),
    );
  });
});
