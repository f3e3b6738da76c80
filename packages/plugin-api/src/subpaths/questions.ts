/** `@elowen/plugin-api/questions`. Interactive questions (`ctx.askUser`), answer records and permission-gate records. */

export type {
  ApprovalFacts,
  AskAnswer,
  AskOption,
  AskQuestion,
  PermissionOutcome,
  PermissionRecord,
  QuestionAnswerRecord,
  QuestionOutcome,
  QuestionRecord,
} from "../questions.js";
export {
  ApprovalFactsSchema,
  AskAnswerSchema,
  AskOptionSchema,
  AskQuestionSchema,
  AskQuestionsSchema,
  PERMISSION_OUTCOMES,
  PermissionRecordSchema,
  QUESTION_OUTCOMES,
  QuestionAnswerRecordSchema,
  QuestionRecordSchema,
} from "../questions.js";
