import type { QuestionAnswerRecord } from "@elowen/plugin-api/questions";

/**
 * The text the model reads for an answer record, one line per entry: `Header: label, label`
 * (custom input as `other: "text"`), or `Header: no answer (expired)`. Permission entries say the
 * decision. Surfaces render the record itself, never this text.
 */
export function answersForModel(record: QuestionAnswerRecord): string {
  return record.questions
    .map((entry) => {
      if ("approval" in entry) return `${entry.header}: ${entry.approval.tool} ${entry.outcome}`;
      if (entry.outcome === "expired") return `${entry.header}: no answer (expired)`;
      const parts = [...entry.selected];
      if (entry.other !== undefined) parts.push(`other: ${JSON.stringify(entry.other)}`);
      return `${entry.header}: ${parts.join(", ")}`;
    })
    .join("\n");
}
