/** What kind of input a {@link QuestionAnswerProblem} is about. */
export const QUESTION_ANSWER_PROBLEM_CODES = [
  "invalid-questions",
  "invalid-answers",
  "invalid-permission",
] as const;
/** What kind of input a problem is about; callers switch on it. */
export type QuestionAnswerProblemCode = (typeof QUESTION_ANSWER_PROBLEM_CODES)[number];

/** One broken rule: the field's path (`questions[0].options[2].label`) and the rule in words. */
export interface QuestionAnswerIssue {
  readonly path: string;
  readonly message: string;
}

/**
 * Why an input was refused: a code to switch on, every broken rule, and a message naming the
 * first field and its rule (`questions[0].options: expected 2 to 4 options, received 5`).
 */
export interface QuestionAnswerProblem {
  readonly code: QuestionAnswerProblemCode;
  readonly message: string;
  readonly issues: readonly QuestionAnswerIssue[];
}

/** A parse outcome: the normalized value, or the problem. Never thrown. */
export type QuestionAnswerResult<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly problem: QuestionAnswerProblem };

/** Formats a path the way a person reads it: `questions[0].options[2].label`. */
export function formatPath(root: string, path: readonly PropertyKey[]): string {
  let out = root;
  for (const key of path) out += typeof key === "number" ? `[${key}]` : `.${String(key)}`;
  return out;
}

/** Builds a problem from its issues; the message names every broken field and rule. */
export function problem(
  code: QuestionAnswerProblemCode,
  issues: readonly QuestionAnswerIssue[],
): QuestionAnswerProblem {
  const message = issues.map((issue) => `${issue.path}: ${issue.message}`).join("; ");
  return { code, message, issues };
}

/** The issues of a failed zod parse, with paths under `root`. */
export function zodIssues(
  root: string,
  issues: readonly { readonly path: readonly PropertyKey[]; readonly message: string }[],
): QuestionAnswerIssue[] {
  return issues.map((issue) => ({ path: formatPath(root, issue.path), message: issue.message }));
}

/** A failed result. */
export function refuse<T>(
  code: QuestionAnswerProblemCode,
  issues: readonly QuestionAnswerIssue[],
): QuestionAnswerResult<T> {
  return { ok: false, problem: problem(code, issues) };
}
