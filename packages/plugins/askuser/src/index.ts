/**
 * @elowen/plugin-askuser: the AskUserQuestion tool. The model asks the user one to four
 * multiple-choice questions; the result carries the answer record every surface renders. Written
 * as a third-party plugin: it uses only @elowen/plugin-api, @elowen/plugin-shared and zod.
 */
import { definePlugin, type ElowenPlugin } from "@elowen/plugin-api";
import { askUserQuestionTool } from "./ask-user-question-tool.js";

export type { AskUserAnswerRecord } from "./answer-record.js";
export { ASKUSER_ANSWERS_INVALID, answerRecord } from "./answer-record.js";
export { answersText } from "./answers-text.js";
export type { AskUserQuestionDetails } from "./ask-user-question-tool.js";
export {
  ASK_USER_QUESTION_DESCRIPTION,
  ASK_USER_QUESTION_TOOL,
  askUserQuestionTool,
} from "./ask-user-question-tool.js";
export type {
  AskedQuestion,
  AskUserQuestionArguments,
  PreparedQuestions,
  QuestionIssue,
} from "./questions.js";
export { AskUserQuestionArgumentsSchema, prepareQuestions } from "./questions.js";

/** The plugin as the host loads it: registers the AskUserQuestion tool. */
const plugin: ElowenPlugin = definePlugin({
  register(ctx) {
    ctx.registerTool(askUserQuestionTool());
  },
});
export default plugin;
