import type { Store } from "../../store/store.js";
import type { TurnState } from "./turn-state.js";

/**
 * Turns whose open-turn ledger row outlives their `turn_end`: a nested call of theirs was still
 * running when they ended. The row closes once no result of the turn holds a pending record, so a
 * crash in between leaves the turn in the ledger and the next start's recovery settles the row.
 */
const held = new WeakSet<TurnState>();

/** True when a result of the turn (stored, or held to go with `turn_end`) holds a pending record. */
export async function hasPendingRows(store: Store, turn: TurnState): Promise<boolean> {
  if (turn.trace === undefined) return false;
  if (holdsPending(turn.journal.heldData())) return true;
  for (const entryId of turn.resultEntries.values()) {
    const entry = await store.journal.get(turn.sessionId, entryId);
    if (holdsPending(entry?.data)) return true;
  }
  return false;
}

/** Keeps the turn's ledger row open after its `turn_end`, until {@link releaseIfSettled} closes it. */
export function holdTurnForNestedRows(turn: TurnState): void {
  held.add(turn);
}

/** Closes a held turn's ledger row once none of its stored rows is pending; else does nothing. */
export async function releaseIfSettled(store: Store, turn: TurnState): Promise<void> {
  if (!held.has(turn) || (await hasPendingRows(store, turn))) return;
  held.delete(turn);
  await store.turns.close(turn.turnId);
}

function holdsPending(data: unknown): boolean {
  const trace = (data as { details?: { toolTrace?: unknown } } | undefined)?.details?.toolTrace;
  return (
    Array.isArray(trace) &&
    trace.some((record) => (record as { pending?: unknown } | null)?.pending === true)
  );
}
