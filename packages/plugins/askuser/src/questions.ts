import { ASK_USER_MAX_QUESTIONS } from "@elowen/plugin-api/limits";
import { type AskOption, type AskQuestion, AskQuestionsSchema } from "@elowen/plugin-api/questions";
import { z } from "zod";

/**
 * The AskUserQuestion tool's arguments: `questions`, one to four questions of two to four options
 * each, exactly plugin-api's `AskQuestionsSchema`. What the model must know about each field is
 * in the tool's description.
 */
export const AskUserQuestionArgumentsSchema = z.strictObject({
  questions: AskQuestionsSchema.describe(
    `One to ${ASK_USER_MAX_QUESTIONS} questions, asked together and answered together.`,
  ),
});
/** The AskUserQuestion tool's arguments. */
export type AskUserQuestionArguments = z.infer<typeof AskUserQuestionArgumentsSchema>;

/** A question as the tool asks it: custom input stated explicitly (on unless `allowOther: false`). */
export type AskedQuestion = AskQuestion & { readonly allowOther: boolean };

/** One broken rule of the questions: the field's path and the rule, in words. */
export interface QuestionIssue {
  readonly path: string;
  readonly message: string;
}

/** The questions ready to ask, or every issue found in them. Never thrown. */
export type PreparedQuestions =
  | { readonly ok: true; readonly questions: readonly AskedQuestion[] }
  | { readonly ok: false; readonly issues: readonly QuestionIssue[]; readonly message: string };

// Models write their recommendation into the label ("SQLite (Recommended)"), but the label is
// the value every surface posts back, so the mark moves to the option's flag.
const RECOMMENDATION_MARK = /\s*[([]\s*recommended\s*[)\]]\s*$/i;

function withRecommendationFlag(option: AskOption): AskOption {
  const label = option.label.replace(RECOMMENDATION_MARK, "");
  return label === option.label ? option : { ...option, label, recommended: true };
}

function prepareQuestion(question: AskQuestion, index: number, issues: QuestionIssue[]) {
  const seen = new Set<string>();
  const options = question.options.map((option, i) => {
    const flagged = withRecommendationFlag(option);
    const path = `questions[${index}].options[${i}].label`;
    if (flagged.label.trim() === "")
      issues.push({
        path,
        message: "a label names the choice; mark a recommendation with recommended: true",
      });
    else if (seen.has(flagged.label))
      issues.push({
        path,
        message: `duplicate label "${flagged.label}" once the recommendation mark is moved to recommended: true`,
      });
    seen.add(flagged.label);
    return flagged;
  });
  return { ...question, options, allowOther: question.allowOther ?? true };
}

/**
 * Makes validated questions ready for `askUser`: a recommendation written into a label
 * (`"SQLite (Recommended)"`, `"[recommended]"`, any case) becomes `recommended: true` with the
 * bare label, so the label stays the value every surface posts; custom input is stated explicitly
 * (`allowOther` defaults to `true`); headers, question text and previews are kept whole. Refuses a
 * label that was only the mark and labels that collide once the mark is gone, naming each field.
 */
export function prepareQuestions(questions: readonly AskQuestion[]): PreparedQuestions {
  const issues: QuestionIssue[] = [];
  const prepared = questions.map((question, i) => prepareQuestion(question, i, issues));
  if (issues.length === 0) return { ok: true, questions: prepared };
  const message = issues.map((issue) => `${issue.path}: ${issue.message}`).join("; ");
  return { ok: false, issues, message };
}
