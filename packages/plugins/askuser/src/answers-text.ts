import type { QuestionRecord } from "@elowen/plugin-api/questions";

function answerOf(entry: QuestionRecord): string {
  if (entry.outcome === "expired") return "no answer, the question expired unanswered";
  const parts = entry.selected.map((label) => JSON.stringify(label));
  if (entry.other !== undefined) parts.push(`in their own words ${JSON.stringify(entry.other)}`);
  return parts.join(", ");
}

function opening(answered: number, total: number): string {
  const noun = total === 1 ? "question" : "questions";
  if (answered === total) return `The user answered your ${noun}:`;
  if (answered === 0)
    return total === 1
      ? "The user did not answer: the question expired unanswered."
      : "The user did not answer: the questions expired unanswered.";
  return `The user answered ${answered} of ${total} questions; the others expired unanswered:`;
}

/**
 * The text the model reads for an answer record: one opening line that says plainly whether the
 * user answered, then per question `Header ("question"): "label", "label", in their own words
 * "..."`, or that it expired unanswered. When any question expired, a closing line tells the model
 * to go on without that answer. Labels and custom input are JSON-quoted, so a comma or a newline
 * in them cannot blur where one answer ends. Surfaces render the record, never this text.
 */
export function answersText(record: { readonly questions: readonly QuestionRecord[] }): string {
  const entries = record.questions;
  const answered = entries.filter((entry) => entry.outcome !== "expired").length;
  const lines = [opening(answered, entries.length)];
  for (const entry of entries)
    lines.push(`- ${entry.header} (${JSON.stringify(entry.question)}): ${answerOf(entry)}`);
  if (answered < entries.length)
    lines.push(
      "Go on without the missing answers: choose a sensible default and say which, or ask again later.",
    );
  return lines.join("\n");
}
