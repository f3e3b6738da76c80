import {
  type AskQuestion,
  type QuestionAnswerRecord,
  QuestionAnswerRecordSchema,
  type QuestionRecord,
} from "@elowen/plugin-api/questions";
import { ElowenError } from "@elowen/plugin-shared/errors";
import { buildQuestionAnswer } from "@elowen/question-answer";

/** The host's `askUser` answered something that is not one valid answer per question, in order. */
export const ASKUSER_ANSWERS_INVALID = "askuser.answers_invalid";

/** The answer record of one AskUserQuestion call: its questions only, no permission entry. */
export interface AskUserAnswerRecord extends QuestionAnswerRecord {
  readonly questions: readonly QuestionRecord[];
}

function invalidAnswers(received: string): ElowenError<typeof ASKUSER_ANSWERS_INVALID> {
  return new ElowenError({
    code: ASKUSER_ANSWERS_INVALID,
    summary: "askUser resolved answers that do not fit the questions asked",
    expected: "one answer per question, index-aligned: { outcome, selected, other? }",
    received,
    fix: "this is a host defect: askUser must resolve index-aligned AskAnswer values",
  });
}

/**
 * The answer record the tool returns as `details.questionAnswer`: per question, in order, its
 * `question`, its `header` (whole), the `selected` labels, the custom input as `other` when given,
 * and the `outcome` exactly as the host resolved it (`answered`, or `expired` on timeout: expiry
 * is the host's word, never inferred from text). Built by `@elowen/question-answer`'s
 * `buildQuestionAnswer`, the one builder of answer records. Throws an ElowenError
 * {@link ASKUSER_ANSWERS_INVALID} when the answers are not one valid answer per question.
 */
export function answerRecord(
  questions: readonly AskQuestion[],
  answers: readonly unknown[],
): AskUserAnswerRecord {
  const built = buildQuestionAnswer(questions, answers);
  if (!built.ok) throw invalidAnswers(built.problem.message);
  // buildQuestionAnswer answers questions only (a permission entry carries `approval`).
  const records = built.value.questions.filter(
    (entry): entry is QuestionRecord => !("approval" in entry),
  );
  const record = { questions: records };
  // The record's own schema is the contract surfaces validate against: check it here, at the source.
  QuestionAnswerRecordSchema.parse(record);
  return record;
}
