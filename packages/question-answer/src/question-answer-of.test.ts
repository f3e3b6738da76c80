import { describe, expect, test } from "vitest";
import { permissionOf, questionAnswerOf } from "./question-answer-of.js";

const asked = { question: "Q?", header: "H", selected: ["A"], outcome: "answered" as const };
const permission = {
  question: "Allow Bash to run?",
  header: "Permission",
  selected: ["Allow once"],
  outcome: "once" as const,
  approval: { tool: "Bash", summary: "ls" },
};

describe("questionAnswerOf", () => {
  test.each([
    ["no details", undefined],
    ["null details", null],
    ["details without a record", { exitCode: 0 }],
    ["details that are not an object", "text"],
    ["an explicitly undefined record", { questionAnswer: undefined }],
  ])("%s keep an ordinary tool row", (_, details) => {
    expect(questionAnswerOf(details)).toEqual({ status: "absent" });
  });

  test("accepts a permission decision followed by four questions", () => {
    const record = { questions: [permission, asked, asked, asked, asked] };
    expect(questionAnswerOf({ questionAnswer: record })).toEqual({ status: "valid", record });
    expect(permissionOf(record)).toEqual(permission);
  });

  test.each([
    [
      "a record that is not an object",
      "yes",
      "details.questionAnswer: expected an object { questions }",
    ],
    [
      "an empty record",
      { questions: [] },
      "details.questionAnswer.questions: expected a non-empty array of entries",
    ],
    [
      "an unknown field",
      { questions: [asked], extra: 1 },
      "details.questionAnswer.extra: unknown field",
    ],
    [
      "five questions",
      { questions: [asked, asked, asked, asked, asked] },
      "details.questionAnswer.questions: at most 4 questions beside the permission decision, received 5",
    ],
    [
      "a permission decision after a question",
      { questions: [asked, permission] },
      "details.questionAnswer.questions[1]: a permission decision comes first, and only once",
    ],
    [
      "two permission decisions",
      { questions: [permission, permission, asked] },
      "details.questionAnswer.questions[1]: a permission decision comes first, and only once",
    ],
    [
      "six entries: a permission decision and five questions",
      { questions: [permission, asked, asked, asked, asked, asked] },
      "details.questionAnswer.questions: at most 4 questions beside the permission decision, received 5",
    ],
    [
      "a question with a permission outcome",
      { questions: [{ ...asked, outcome: "always" }] },
      "details.questionAnswer.questions[0].outcome",
    ],
    [
      "a permission decision with a question outcome",
      { questions: [{ ...permission, outcome: "answered" }] },
      "details.questionAnswer.questions[0].outcome",
    ],
    [
      "selected labels that are not strings",
      { questions: [{ ...asked, selected: [1] }] },
      "details.questionAnswer.questions[0].selected[0]",
    ],
  ])("refuses %s with a reason naming the field", (_, questionAnswer, reason) => {
    const found = questionAnswerOf({ questionAnswer });
    expect(found.status).toBe("invalid");
    expect(found.status === "invalid" && found.reason).toContain(reason);
  });

  test("accepts a permission decision alone, as a gated tool without questions carries it", () => {
    const record = { questions: [permission] };
    expect(questionAnswerOf({ questionAnswer: record, exitCode: 0 })).toEqual({
      status: "valid",
      record,
    });
  });

  test("a record without a permission decision has none", () => {
    expect(permissionOf({ questions: [asked as never] })).toBeUndefined();
  });
});
