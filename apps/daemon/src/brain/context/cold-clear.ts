import { CONTEXT_CLEARED_ENTRY, TURN_CONTEXT_ENTRY } from "@elowen/plugin-api";
import { parseTurnContextRecord } from "@elowen/prompt-compose";
import type { Store } from "../../store/store.js";
import type { JournalEntry } from "../../store/types.js";

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

/**
 * Cold clearing (seed 000, Prompt context): when it is due ({@link coldClearDue}), turn-context
 * records of turns more than `afterTurns` turns old are retired in place as
 * `elowen.context-cleared` records (the provider no longer replays them; the person's words, which
 * are never such records, stay as they were). Answers how many it retired; `afterTurns` 0 retires
 * nothing.
 */
export async function retireColdContext(
  store: Store,
  sessionId: string,
  branch: readonly JournalEntry[],
  afterTurns: number,
  now: number,
): Promise<number> {
  if (afterTurns <= 0) return 0;
  const ordinal = new Map<string, number>();
  for (const entry of branch) {
    const turnId = (entry.data as { turnId?: unknown } | null)?.turnId;
    if (entry.kind === "user" && typeof turnId === "string") ordinal.set(turnId, ordinal.size);
  }
  const newest = ordinal.size;
  let oldest: number | null = null;
  for (const entry of branch) {
    const record =
      entry.customType === TURN_CONTEXT_ENTRY ? parseTurnContextRecord(entry.data) : undefined;
    const turn = record ? ordinal.get(record.turnId) : undefined;
    if (turn !== undefined && (oldest === null || turn < oldest)) oldest = turn;
  }
  if (!coldClearDue(newest, oldest, afterTurns)) return 0;
  let retired = 0;
  for (const entry of branch) {
    if (entry.customType !== TURN_CONTEXT_ENTRY) continue;
    const record = parseTurnContextRecord(entry.data);
    const turn = record ? ordinal.get(record.turnId) : undefined;
    if (!record || turn === undefined || newest - turn <= afterTurns) continue;
    await store.journal.updateData(sessionId, entry.id, () => ({
      type: CONTEXT_CLEARED_ENTRY,
      v: 1,
      plugin: record.plugin,
      name: record.name,
      turnId: record.turnId,
      placement: record.placement,
      clearedAt: now,
    }));
    retired += 1;
  }
  return retired;
}
