/**
 * @elowen/question-answer: AskUserQuestion questions, answer records and permission approval
 * records, validated at one boundary (`questionAnswerOf`).
 */

export { buildQuestionAnswer, expiredAnswers, validateAnswers } from "./answers.js";
export type { NormalizedAskQuestion } from "./ask-questions.js";
export { parseAskQuestions } from "./ask-questions.js";
export { refusalText, runGated, withPermission } from "./gate.js";
export { isSafeUrl, PREVIEW_URL_SCHEMES } from "./markdown-url.js";
export { answersForModel } from "./model-text.js";
export type { PermissionDecision } from "./permission.js";
export {
  isApproved,
  PERMISSION_CHOICES,
  PERMISSION_HEADER,
  permissionRecord,
} from "./permission.js";
export { sanitizePreview } from "./preview.js";
export type {
  QuestionAnswerIssue,
  QuestionAnswerProblem,
  QuestionAnswerProblemCode,
  QuestionAnswerResult,
} from "./problems.js";
export { QUESTION_ANSWER_PROBLEM_CODES } from "./problems.js";
export type { QuestionAnswerOf } from "./question-answer-of.js";
export { permissionOf, questionAnswerOf } from "./question-answer-of.js";
