import {
  ASK_USER_MAX_OPTIONS,
  ASK_USER_MAX_QUESTIONS,
  ASK_USER_MIN_OPTIONS,
} from "@elowen/plugin-api/limits";
import {
  errorResult,
  type PluginTool,
  type ToolResult,
  textResult,
} from "@elowen/plugin-api/tools";
import { type AskUserAnswerRecord, answerRecord } from "./answer-record.js";
import { answersText } from "./answers-text.js";
import {
  type AskUserQuestionArguments,
  AskUserQuestionArgumentsSchema,
  prepareQuestions,
} from "./questions.js";

/** The tool's name, as the model calls it. */
export const ASK_USER_QUESTION_TOOL = "AskUserQuestion";

/** What the model reads about the tool: when to ask, and what each field means. */
export const ASK_USER_QUESTION_DESCRIPTION = [
  "Ask the user multiple-choice questions and wait for the answers. Use it when a decision is",
  "theirs to make (a preference, a trade-off, an ambiguous requirement), not for facts you can",
  "look up yourself.",
  "",
  `- questions: 1 to ${ASK_USER_MAX_QUESTIONS} questions, shown and answered together.`,
  "- question: the full question, ending with a question mark.",
  '- header: a short title for the question, e.g. "Database".',
  `- options: ${ASK_USER_MIN_OPTIONS} to ${ASK_USER_MAX_OPTIONS} distinct choices. label is the choice as the user`,
  "  will pick it (a few words); description says what it implies. Mark the choice you recommend",
  '  with recommended: true and keep the label plain (not "SQLite (Recommended)").',
  "  preview (single-select only): Markdown shown beside the option, e.g. a code sketch.",
  "- multiSelect: true lets the user pick several options.",
  "- allowOther: the user may also answer in their own words unless you set it to false.",
  "",
  "The result lists each answer; a question the user did not answer in time says it expired.",
].join("\n");

function summary(args: AskUserQuestionArguments): string {
  const count = args.questions.length;
  const headers = args.questions.map((q) => q.header).join(", ");
  return `${count} ${count === 1 ? "question" : "questions"}: ${headers}`;
}

/** The details of an AskUserQuestion result: the answer record surfaces render. */
export interface AskUserQuestionDetails {
  readonly questionAnswer: AskUserAnswerRecord;
  readonly [key: string]: unknown;
}

/**
 * The AskUserQuestion tool (`@elowen/plugin-api/questions`): one to four
 * questions of two to four options (plugin-api's `AskQuestionsSchema`), prepared with
 * `prepareQuestions` (recommendation moved to its flag, custom input on by default), asked through
 * the call's `askUser`, and answered with `textResult(modelText, { questionAnswer: { questions } })`.
 * Questions that are invalid once prepared come back as an error result naming each field; answers
 * the host resolves that do not fit the questions throw (`askuser.answers_invalid`).
 */
export function askUserQuestionTool(): PluginTool<typeof AskUserQuestionArgumentsSchema> {
  return {
    name: ASK_USER_QUESTION_TOOL,
    label: "Ask the user",
    description: ASK_USER_QUESTION_DESCRIPTION,
    parameters: AskUserQuestionArgumentsSchema,
    permission: "never",
    executionMode: "sequential",
    summarize: summary,
    async execute(args, context): Promise<ToolResult> {
      const prepared = prepareQuestions(args.questions);
      if (!prepared.ok) return errorResult(`Invalid questions: ${prepared.message}`);
      const answers = await context.askUser(prepared.questions);
      const record = answerRecord(prepared.questions, answers);
      const details: AskUserQuestionDetails = { questionAnswer: record };
      return textResult(answersText(record), details);
    },
  };
}
