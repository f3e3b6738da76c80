import type { Store } from "../../store/store.js";
import type { TurnProgress } from "./turn-progress.js";

/**
 * Turns whose open-turn ledger row outlives their `turn_end`: a nested call of theirs was still
 * running when they ended. The row closes once no result of the turn holds a pending record, so a
 * crash in between leaves the turn in the ledger and the next start's recovery settles the row.
 */
const held = new WeakSet<TurnProgress>();

/** True when a result of the turn (stored, or held to go with `turn_end`) holds a pending record. */
export async function hasPendingRows(
  store: Store,
  turn: { readonly sessionId: string },
  progress: TurnProgress,
): Promise<boolean> {
  if (progress.trace === undefined) return false;
  if (holdsPending(progress.journal.heldData())) return true;
  for (const entryId of progress.results.byCallId.values()) {
    const entry = await store.journal.get(turn.sessionId, entryId);
    if (holdsPending(entry?.data)) return true;
  }
  return false;
}

/** Keeps the turn's ledger row open after its `turn_end`, until {@link releaseIfSettled} closes it. */
export function holdTurnForNestedRows(progress: TurnProgress): void {
  held.add(progress);
}

/** Closes a held turn's ledger row once none of its stored rows is pending; else does nothing. */
export async function releaseIfSettled(
  store: Store,
  turn: { readonly sessionId: string; readonly turnId: string },
  progress: TurnProgress,
): Promise<void> {
  if (!held.has(progress) || (await hasPendingRows(store, turn, progress))) return;
  held.delete(progress);
  await store.turns.close(turn.turnId);
}

function holdsPending(data: unknown): boolean {
  const trace = (data as { details?: { toolTrace?: unknown } } | undefined)?.details?.toolTrace;
  return (
    Array.isArray(trace) &&
    trace.some((record) => (record as { pending?: unknown } | null)?.pending === true)
  );
}
