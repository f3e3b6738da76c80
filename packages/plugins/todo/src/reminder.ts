import { RUN_BOUNDARY_MESSAGE_MAX_BYTES } from "@elowen/plugin-api/limits";
import type { RunBoundaryPatch, RunBoundaryPayload } from "@elowen/plugin-api/run-boundary";
import { TODO_TOOL_NAME } from "./limits.js";
import type { TodoItem } from "./todo-items.js";

/** An item's text is cut to this many characters inside a reminder (ours). */
export const REMINDER_ITEM_TEXT_CHARS = 120;

const bytes = (text: string) => Buffer.byteLength(text, "utf8");

function quoted(item: TodoItem): string {
  const text =
    item.text.length > REMINDER_ITEM_TEXT_CHARS
      ? `${item.text.slice(0, REMINDER_ITEM_TEXT_CHARS - 1)}…`
      : item.text;
  return `"${text}" (id ${item.id})`;
}

/**
 * The note for items still `in_progress` when the model stopped, e.g. `Todo: "Write the tests"
 * (id 7) is still in_progress. Finish it, or update the list with TodoWrite ...`. Several items
 * are listed while the note fits in {@link RUN_BOUNDARY_MESSAGE_MAX_BYTES}, then counted
 * (`and 3 more`); each text is cut at {@link REMINDER_ITEM_TEXT_CHARS}. `undefined` when nothing
 * is in progress.
 */
export function reminderNote(items: readonly TodoItem[]): string | undefined {
  const running = items.filter((item) => item.status === "in_progress");
  if (running.length === 0) return undefined;
  const verb = running.length === 1 ? "is" : "are";
  const it = running.length === 1 ? "it" : "them";
  const tail = ` ${verb} still in_progress. Finish ${it}, or update the list with ${TODO_TOOL_NAME} (completed, or back to pending) before you stop.`;
  const listed: string[] = [];
  for (const [i, item] of running.entries()) {
    const rest = running.length - i - 1;
    const more = rest > 0 ? ` and ${rest} more` : "";
    const candidate = [...listed, quoted(item)];
    if (bytes(`Todo: ${candidate.join(", ")}${more}${tail}`) > RUN_BOUNDARY_MESSAGE_MAX_BYTES) {
      const left = running.length - i;
      return `Todo: ${listed.join(", ")} and ${left} more${tail}`;
    }
    listed.push(quoted(item));
  }
  return `Todo: ${listed.join(", ")}${tail}`;
}

/** What {@link settleReminder} decided: the patch to return (if any) and the note now spoken. */
export interface ReminderDecision {
  readonly patch?: { readonly boundary: RunBoundaryPatch };
  readonly spoken?: string;
}

/**
 * The `brain.run.beforeSettle` decision for a list: nothing unless the
 * run completed with items still `in_progress`; nothing when that very note was already spoken
 * (the model heard it and settled again); otherwise the note as a message entry, asking for the
 * continuation when `continuationAllowed`, and without `continue` once it is not, so the model
 * reads it on its next run. Pure.
 */
export function settleReminder(
  payload: RunBoundaryPayload,
  items: readonly TodoItem[],
  spoken: string | undefined,
): ReminderDecision {
  if (payload.outcome !== "completed") return {};
  const note = reminderNote(items);
  if (note === undefined || note === spoken) return {};
  const entries = [{ kind: "message" as const, text: note }];
  const boundary: RunBoundaryPatch = payload.continuationAllowed
    ? { entries, continue: true }
    : { entries };
  return { patch: { boundary }, spoken: note };
}
