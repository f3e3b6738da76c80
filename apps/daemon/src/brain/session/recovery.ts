import type { ToolTraceRecord } from "@elowen/plugin-api/trace";
import { parseEntryData, type TurnEndEntryData } from "@elowen/wire";
import type { LiveJournal } from "../../live/live-journal.js";
import type { Store } from "../../store/store.js";
import type { JournalEntry, NewJournalEntry } from "../../store/types.js";
import { type IdMinter, randomIds } from "../host/id-minter.js";

/** The text of a call the daemon stopped in the middle of. */
export const INTERRUPTED_CALL_TEXT =
  "The daemon stopped before this call finished; it was not run again.";

function settleInterrupted(toolTrace: unknown): ToolTraceRecord[] | undefined {
  if (!Array.isArray(toolTrace)) return undefined;
  let changed = false;
  const next = toolTrace.map((record: ToolTraceRecord) => {
    if (record?.pending !== true) return record;
    changed = true;
    const { pending: _pending, ...rest } = record;
    return { ...rest, isError: true, output: INTERRUPTED_CALL_TEXT };
  });
  return changed ? next : undefined;
}

/**
 * Marks the turns a previous daemon was stopped in the middle of (the open-turn ledger), without
 * replaying any: each call the model made that has no result gets an error result saying so (the
 * conversation stays valid for the provider), each nested record still pending is settled as
 * interrupted in place, and the turn gets a `turn_end` entry with reason `aborted` and
 * `interrupted: "restart"`. A turn that had ended but is still in the ledger (a nested call of it
 * was still running: see `holdTurnForNestedRows`) gets its pending records settled the same way
 * and is closed, not marked. With `onlySession`, only that session's turns (the caller holds it).
 * Returns how many turns it marked.
 */
export async function recoverInterruptedTurns(
  store: Store,
  journal: LiveJournal,
  now: () => number,
  log: (message: string) => void,
  onlySession?: string,
  ids: IdMinter = randomIds,
): Promise<number> {
  let marked = 0;
  for (const open of await store.turns.listOpen()) {
    if (onlySession !== undefined && open.sessionId !== onlySession) continue;
    const session = await store.sessions.get(open.sessionId);
    if (!session) {
      await store.turns.close(open.turnId);
      continue;
    }
    const branch = await store.journal.branch(open.sessionId);
    const ofTurn = branch.filter((e) => (e.data as { turnId?: unknown })?.turnId === open.turnId);
    if (ofTurn.some((e) => e.kind === "turn_end")) {
      // The turn ended while a nested call still ran (its row was kept open for that call).
      await settlePendingRows(store, open.sessionId, ofTurn);
      await store.turns.close(open.turnId);
      continue;
    }
    await journal.append(
      open.sessionId,
      await interruptedEntries(store, open, ofTurn, now(), ids),
      {
        closeTurn: open.turnId,
      },
    );
    marked += 1;
  }
  if (marked > 0)
    log(
      onlySession === undefined
        ? `marked ${marked} turn(s) a restart interrupted`
        : `marked ${marked} turn(s) of session ${onlySession} that a stopped instance left running`,
    );
  return marked;
}

/** Settles as interrupted, in place, every nested record still pending in the turn's results. */
async function settlePendingRows(
  store: Store,
  sessionId: string,
  ofTurn: readonly JournalEntry[],
): Promise<void> {
  for (const entry of ofTurn) {
    const parsed = parseEntryData(entry);
    if (parsed?.kind !== "tool_result") continue;
    const toolTrace = settleInterrupted(parsed.data.details?.toolTrace);
    if (toolTrace)
      await store.journal.updateData(sessionId, entry.id, (data) => ({
        ...(data as object),
        details: { ...parsed.data.details, toolTrace },
      }));
  }
}

async function interruptedEntries(
  store: Store,
  open: { readonly sessionId: string; readonly turnId: string; readonly startedAt: number },
  ofTurn: readonly JournalEntry[],
  at: number,
  ids: IdMinter,
): Promise<NewJournalEntry[]> {
  const answered = new Set<string>();
  const calls: { id: string; name: string }[] = [];
  let answer = "";
  await settlePendingRows(store, open.sessionId, ofTurn);
  for (const entry of ofTurn) {
    const parsed = parseEntryData(entry);
    if (parsed?.kind === "tool_result") {
      answered.add(parsed.data.callId);
    } else if (parsed?.kind === "assistant") {
      answer = parsed.data.content.flatMap((b) => (b.type === "text" ? [b.text] : [])).join("");
      for (const block of parsed.data.content)
        if (block.type === "toolCall") calls.push({ id: block.id, name: block.name });
    }
  }
  const entries: NewJournalEntry[] = calls
    .filter((call) => !answered.has(call.id))
    .map((call) => ({
      kind: "tool_result",
      data: {
        turnId: open.turnId,
        callId: call.id,
        toolName: call.name,
        content: [{ type: "text", text: INTERRUPTED_CALL_TEXT }],
        isError: true,
        startedAt: at,
        durationMs: 0,
      },
    }));
  const end: TurnEndEntryData = {
    turnId: open.turnId,
    reason: "aborted",
    durationMs: Math.max(0, at - open.startedAt),
    answer,
    interrupted: "restart",
  };
  entries.push({ id: ids.mint("e"), kind: "turn_end", data: end });
  return entries;
}
