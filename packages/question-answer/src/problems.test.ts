import { describe, expect, test } from "vitest";
import { validateAnswers } from "./answers.js";
import { parseAskQuestions } from "./ask-questions.js";
import { permissionRecord } from "./permission.js";
import { QUESTION_ANSWER_PROBLEM_CODES, type QuestionAnswerResult } from "./problems.js";

function codeOf(result: QuestionAnswerResult<unknown>): string {
  if (result.ok) throw new Error("expected a refusal");
  return result.problem.code;
}

describe("problem codes", () => {
  test("every code is one a parser really returns, so callers can switch on all of them", () => {
    const question = {
      question: "Which database?",
      header: "Database",
      options: [{ label: "SQLite" }, { label: "Postgres" }],
    };
    const found = [
      codeOf(parseAskQuestions([])),
      codeOf(validateAnswers([question], [{ outcome: "answered", selected: ["MySQL"] }])),
      codeOf(permissionRecord({ outcome: "always", tool: "Bash", summary: "ls" })),
    ];
    expect(found).toEqual([...QUESTION_ANSWER_PROBLEM_CODES]);
  });
});
