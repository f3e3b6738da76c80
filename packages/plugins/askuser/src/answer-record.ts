import {
  type AskAnswer,
  AskAnswerSchema,
  type AskQuestion,
  type QuestionAnswerRecord,
  QuestionAnswerRecordSchema,
  type QuestionRecord,
} from "@elowen/plugin-api";
import { ElowenError } from "@elowen/plugin-shared/errors";

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

function recordOf(question: AskQuestion, answer: AskAnswer): QuestionRecord {
  const record: QuestionRecord = {
    question: question.question,
    header: question.header,
    selected: [...answer.selected],
    outcome: answer.outcome,
  };
  return answer.other === undefined ? record : { ...record, other: answer.other };
}

/**
 * The answer record the tool returns as `details.questionAnswer`: per question, in order, its
 * `question`, its `header` (whole), the `selected` labels, the custom input as `other` when given,
 * and the `outcome` exactly as the host resolved it (`answered`, or `expired` on timeout: expiry
 * is the host's word, never inferred from text). Throws an ElowenError
 * {@link ASKUSER_ANSWERS_INVALID} when the answers are not one valid `AskAnswer` per question.
 */
export function answerRecord(
  questions: readonly AskQuestion[],
  answers: readonly unknown[],
): AskUserAnswerRecord {
  if (!Array.isArray(answers) || answers.length !== questions.length)
    throw invalidAnswers(
      Array.isArray(answers)
        ? `${answers.length} answers for ${questions.length} questions`
        : typeof answers,
    );
  const records = questions.map((question, i) => {
    const parsed = AskAnswerSchema.safeParse(answers[i]);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw invalidAnswers(
        `answers[${i}].${issue?.path.join(".") ?? ""}: ${issue?.message ?? "invalid"}`,
      );
    }
    return recordOf(question, parsed.data);
  });
  const record = { questions: records };
  // The record's own schema is the contract surfaces validate against: check it here, at the source.
  QuestionAnswerRecordSchema.parse(record);
  return record;
}
