import { permissionOf, questionAnswerOf } from "@elowen/question-answer";
import { readTrace, type ToolCallEntry } from "./rows.js";

function refused(details: unknown): boolean {
  const found = questionAnswerOf(details);
  if (found.status !== "valid") return false;
  const permission = permissionOf(found.record);
  return (
    permission !== undefined && (permission.outcome === "deny" || permission.outcome === "expired")
  );
}

/**
 * Successful tool calls in an exchange, direct and nested, as the post-turn skill reviewer counts
 * them: a call counts only when it finished (no result yet, or a `pending: true`
 * record, does not), did not fail and was not refused by the permission gate. Notes never count,
 * nor a wrapper call that draws no row of its own (`ownRow: false`: a wait, a successful exec):
 * its nested calls are the work.
 */
export function countSuccessfulCalls(entries: readonly ToolCallEntry[]): number {
  let count = 0;
  for (const entry of entries) {
    const { result } = entry;
    if (result === undefined) continue;
    const trace = readTrace(result.details?.toolTrace);
    for (const record of trace)
      if (
        !("invalid" in record) &&
        record.kind === "call" &&
        !record.pending &&
        !record.isError &&
        !refused(record)
      )
        count++;
    if (!result.isError && !refused(result.details) && result.details?.ownRow !== false) count++;
  }
  return count;
}
