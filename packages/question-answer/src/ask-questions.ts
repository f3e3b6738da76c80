import { type AskOption, type AskQuestion, AskQuestionsSchema } from "@elowen/plugin-api/questions";
import { sanitizePreview } from "./preview.js";
import {
  type QuestionAnswerIssue,
  type QuestionAnswerResult,
  refuse,
  zodIssues,
} from "./problems.js";

/** A question after {@link parseAskQuestions}: custom input stated explicitly, previews sanitized. */
export type NormalizedAskQuestion = AskQuestion & { readonly allowOther: boolean };

// A model often writes its recommendation into the label ("SQLite (Recommended)"). The label is
// the value every surface posts, so the marker moves to the flag.
const RECOMMENDED_SUFFIX = /\s*[([]\s*recommended\s*[)\]]\s*$/i;

function normalizeOption(option: AskOption): AskOption {
  const label = option.label.replace(RECOMMENDED_SUFFIX, "");
  return label === option.label ? option : { ...option, label, recommended: true };
}

function normalizeQuestion(q: AskQuestion, index: number, issues: QuestionAnswerIssue[]) {
  const options = q.options.map((option, i) => {
    const normalized = normalizeOption(option);
    const path = `questions[${index}].options[${i}]`;
    if (normalized.label.trim() === "")
      issues.push({ path: `${path}.label`, message: "a label cannot be only a recommendation" });
    if (normalized.preview === undefined) return normalized;
    return { ...normalized, preview: sanitizePreview(normalized.preview) };
  });
  const seen = new Set<string>();
  options.forEach((option, i) => {
    if (seen.has(option.label))
      issues.push({
        path: `questions[${index}].options[${i}].label`,
        message: `duplicate label "${option.label}" once the recommendation is moved to its flag`,
      });
    seen.add(option.label);
  });
  return { ...q, options, allowOther: q.allowOther ?? true };
}

/**
 * The host's boundary for `ctx.askUser(questions)` and the AskUserQuestion tool: one to four
 * questions of two to four options (`AskQuestionsSchema`), labels unique. A recommendation written
 * into a label (`"SQLite (Recommended)"`) moves to the option's `recommended` flag, so the label
 * stays the value every surface posts. Previews (single-select only) are sanitized with
 * {@link sanitizePreview}. Custom input is on unless `allowOther: false`, and the result says so
 * explicitly. Headers are kept whole (at most 200 characters); only the CLI clips them.
 * Never throws: bad input yields a problem naming each field and rule.
 */
export function parseAskQuestions(
  input: unknown,
): QuestionAnswerResult<readonly NormalizedAskQuestion[]> {
  if (!Array.isArray(input))
    return refuse("invalid-questions", [
      {
        path: "questions",
        message: `expected an array of one to four questions, received ${typeof input}`,
      },
    ]);
  const parsed = AskQuestionsSchema.safeParse(input);
  if (!parsed.success)
    return refuse("invalid-questions", zodIssues("questions", parsed.error.issues));
  const issues: QuestionAnswerIssue[] = [];
  const value = parsed.data.map((q, i) => normalizeQuestion(q, i, issues));
  return issues.length > 0 ? refuse("invalid-questions", issues) : { ok: true, value };
}
