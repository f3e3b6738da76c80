import { CONTEXT_CLEARED_ENTRY, TURN_CONTEXT_ENTRY } from "@elowen/plugin-api/journal";
import type { Store } from "../../store/store.js";
import type { JournalEntry } from "../../store/types.js";
import { turnContextRecordsOf } from "./context-entries.js";

/**
 * True when cold clearing is due: some turn-context record is more than twice `afterTurns` turns
 * old. Retiring changes an early message of every later request, so it is done in batches (every
 * `afterTurns` turns), not a turn at a time, to keep the provider's prompt cache.
 */
export function coldClearDue(
  turns: number,
  oldestContextTurn: number | null,
  afterTurns: number,
): boolean {
  return afterTurns > 0 && oldestContextTurn !== null && turns - oldestContextTurn > 2 * afterTurns;
}

/** Each turn's position on a branch (by its user entry) and the oldest with live turn context. */
export function contextTurns(branch: readonly JournalEntry[]): {
  readonly ordinal: ReadonlyMap<string, number>;
  readonly oldest: number | null;
} {
  const ordinal = new Map<string, number>();
  for (const entry of branch) {
    const turnId = entry.kind === "user" && (entry.data as { turnId?: unknown } | null)?.turnId;
    if (typeof turnId === "string") ordinal.set(turnId, ordinal.size);
  }
  // A second pass: a turn's records are committed just before its user entry.
  let oldest: number | null = null;
  for (const entry of branch) {
    if (entry.customType !== TURN_CONTEXT_ENTRY) continue;
    for (const record of turnContextRecordsOf(entry.data)) {
      const turn = ordinal.get(record.turnId);
      if (turn !== undefined && (oldest === null || turn < oldest)) oldest = turn;
    }
  }
  return { ordinal, oldest };
}

/**
 * Cold clearing (`CONTEXT_CLEARED_ENTRY`): when it is due ({@link coldClearDue}), turn-context
 * records of turns more than `afterTurns` turns old are retired in place as
 * `elowen.context-cleared` records (the provider no longer replays them; the person's words, which
 * are never such records, stay as they were). Answers how many records it retired; `afterTurns` 0
 * retires nothing.
 */
export async function retireColdContext(
  store: Store,
  sessionId: string,
  branch: readonly JournalEntry[],
  afterTurns: number,
  now: number,
): Promise<number> {
  if (afterTurns <= 0) return 0;
  const { ordinal, oldest } = contextTurns(branch);
  const newest = ordinal.size;
  if (!coldClearDue(newest, oldest, afterTurns)) return 0;
  let retired = 0;
  for (const entry of branch) {
    if (entry.customType !== TURN_CONTEXT_ENTRY) continue;
    const records = turnContextRecordsOf(entry.data);
    const first = records[0];
    const turn = first ? ordinal.get(first.turnId) : undefined;
    if (!first || turn === undefined || newest - turn <= afterTurns) continue;
    await store.journal.updateData(sessionId, entry.id, () => ({
      type: CONTEXT_CLEARED_ENTRY,
      v: 2,
      turnId: first.turnId,
      records: records.map(({ plugin, name, placement }) => ({ plugin, name, placement })),
      clearedAt: now,
    }));
    retired += records.length;
  }
  return retired;
}
