import {
  type AskAnswer,
  AskAnswerSchema,
  type AskQuestion,
  type QuestionAnswerRecord,
  type QuestionRecord,
} from "@elowen/plugin-api/questions";
import {
  type QuestionAnswerIssue,
  type QuestionAnswerResult,
  refuse,
  zodIssues,
} from "./problems.js";

function checkAnswered(
  question: AskQuestion,
  answer: AskAnswer,
  at: string,
): QuestionAnswerIssue[] {
  const issues: QuestionAnswerIssue[] = [];
  const labels = new Set(question.options.map((option) => option.label));
  const seen = new Set<string>();
  answer.selected.forEach((label, j) => {
    if (!labels.has(label))
      issues.push({ path: `${at}.selected[${j}]`, message: `"${label}" is not an option label` });
    if (seen.has(label))
      issues.push({ path: `${at}.selected[${j}]`, message: `"${label}" is selected twice` });
    seen.add(label);
  });
  const other = answer.other;
  if (other !== undefined && question.allowOther === false)
    issues.push({ path: `${at}.other`, message: "this question does not accept custom input" });
  if (other !== undefined && other.trim() === "")
    issues.push({ path: `${at}.other`, message: "custom input cannot be blank" });
  const picks = answer.selected.length + (other === undefined ? 0 : 1);
  if (picks === 0)
    issues.push({
      path: at,
      message: "an answered question selects an option or gives custom input",
    });
  if (question.multiSelect !== true && picks > 1)
    issues.push({ path: at, message: "a single-select question takes one option or custom input" });
  return issues;
}

function checkAnswer(question: AskQuestion, raw: unknown, i: number) {
  const at = `answers[${i}]`;
  const parsed = AskAnswerSchema.safeParse(raw);
  if (!parsed.success) return { issues: zodIssues(at, parsed.error.issues) };
  const answer = parsed.data;
  if (answer.outcome === "expired") {
    const issues =
      answer.selected.length > 0 || answer.other !== undefined
        ? [{ path: at, message: "an expired answer selects nothing and has no custom input" }]
        : [];
    return { issues, answer };
  }
  return { issues: checkAnswered(question, answer, at), answer };
}

/**
 * Validates the answers a surface posts (or `askUser` resolves), index-aligned with `questions`:
 * one answer per question, in order. An `answered` answer selects labels of that question's
 * options (each once; at most one on a single-select question) and/or gives non-blank custom input
 * where the question allows it, and answers something. An `expired` answer (the host's timeout)
 * selects nothing. Never throws.
 */
export function validateAnswers(
  questions: readonly AskQuestion[],
  answers: unknown,
): QuestionAnswerResult<readonly AskAnswer[]> {
  if (!Array.isArray(answers) || answers.length !== questions.length) {
    const received = Array.isArray(answers) ? `${answers.length}` : typeof answers;
    return refuse("invalid-answers", [
      {
        path: "answers",
        message: `expected ${questions.length} answers, one per question in order, received ${received}`,
      },
    ]);
  }
  const issues: QuestionAnswerIssue[] = [];
  const value: AskAnswer[] = [];
  questions.forEach((question, i) => {
    const checked = checkAnswer(question, answers[i], i);
    issues.push(...checked.issues);
    if (checked.answer) value.push(checked.answer);
  });
  return issues.length > 0 ? refuse("invalid-answers", issues) : { ok: true, value };
}

/** The answers the host resolves when the prompt times out: every question `expired`, nothing selected. */
export function expiredAnswers(questions: readonly AskQuestion[]): AskAnswer[] {
  return questions.map(() => ({ outcome: "expired", selected: [] }));
}

/**
 * The answer record a tool returns as `details.questionAnswer` (`textResult(modelText,
 * { questionAnswer })`): per question its text, header (whole), the selected labels, the custom
 * input if any, and `answered` or `expired`. The answers are validated first with
 * {@link validateAnswers}; never throws.
 */
export function buildQuestionAnswer(
  questions: readonly AskQuestion[],
  answers: unknown,
): QuestionAnswerResult<QuestionAnswerRecord> {
  const valid = validateAnswers(questions, answers);
  if (!valid.ok) return valid;
  const records = questions.map((question, i): QuestionRecord => {
    const answer = valid.value[i] as AskAnswer;
    const record: QuestionRecord = {
      question: question.question,
      header: question.header,
      selected: [...answer.selected],
      outcome: answer.outcome,
    };
    return answer.other === undefined ? record : { ...record, other: answer.other };
  });
  return { ok: true, value: { questions: records } };
}
