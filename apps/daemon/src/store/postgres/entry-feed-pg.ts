import { errorMessage } from "@elowen/plugin-shared/errors";
import type pg from "pg";
import type { SharedJournal } from "../../live/journal-cursor.js";
import { type EntryRow, toEntry } from "../entry-rows.js";
import type { JournalEntry } from "../types.js";
import type { PgNotifier } from "./notifier.js";
import type { Queryable } from "./pg-pool.js";

/** The channel on which every journal append names what it committed (a pointer, not the rows). */
export const ENTRIES_CHANNEL = "elowen_entries";

/** What an append's notification carries: who wrote which sequence numbers of which session. */
interface EntryPointer {
  readonly instance: string;
  readonly session: string;
  readonly from: number;
  readonly to: number;
}

/**
 * Sends the pointer of an append inside its transaction: PostgreSQL delivers it on commit, to
 * every listening instance, in commit order.
 */
export async function notifyEntries(
  db: Queryable,
  instanceId: string,
  sessionId: string,
  written: readonly JournalEntry[],
): Promise<void> {
  const first = written[0];
  const last = written.at(-1);
  if (!first || !last) return;
  const pointer: EntryPointer = {
    instance: instanceId,
    session: sessionId,
    from: first.seq,
    to: last.seq,
  };
  await db.query("SELECT pg_notify($1, $2)", [ENTRIES_CHANNEL, JSON.stringify(pointer)]);
}

function parsePointer(payload: string): EntryPointer | undefined {
  try {
    const value = JSON.parse(payload) as Partial<EntryPointer>;
    if (
      typeof value.instance === "string" &&
      typeof value.session === "string" &&
      Number.isSafeInteger(value.from) &&
      Number.isSafeInteger(value.to)
    )
      return value as EntryPointer;
  } catch {
    // Not one of ours: ignored below.
  }
  return undefined;
}

/**
 * Entries other instances committed, read from the journal by the pointers their appends sent
 * and handed to `deliver` (this instance's own appends are published where they are made). Only
 * sessions `wanted` (with a subscriber here) are read; each session's pointers are handled one
 * after another, so its entries arrive in commit order.
 */
export async function followEntries(options: {
  readonly pool: pg.Pool;
  readonly notifier: PgNotifier;
  readonly instanceId: string;
  readonly wanted: (sessionId: string) => boolean;
  readonly deliver: (sessionId: string, entries: readonly JournalEntry[]) => void;
  readonly log: (message: string) => void;
}): Promise<void> {
  const chains = new Map<string, Promise<void>>();
  const read = async (pointer: EntryPointer) => {
    const { rows } = await options.pool.query<EntryRow>(
      "SELECT * FROM entries WHERE session_id = $1 AND seq BETWEEN $2 AND $3 ORDER BY seq",
      [pointer.session, pointer.from, pointer.to],
    );
    options.deliver(pointer.session, rows.map(toEntry));
  };
  await options.notifier.listen(ENTRIES_CHANNEL, (payload) => {
    const pointer = parsePointer(payload);
    if (!pointer || pointer.instance === options.instanceId) return;
    if (!options.wanted(pointer.session)) return;
    const previous = chains.get(pointer.session) ?? Promise.resolve();
    const next = previous
      .then(() => read(pointer))
      .catch((error: unknown) =>
        options.log(`reading entries of session ${pointer.session}: ${errorMessage(error)}`),
      );
    chains.set(pointer.session, next);
    void next.finally(() => {
      if (chains.get(pointer.session) === next) chains.delete(pointer.session);
    });
  });
}

/** The journal as a stream resumed on another instance reads it (see JournalCursor). */
export function pgSharedJournal(pool: pg.Pool): SharedJournal {
  return {
    async committedSeq(sessionId) {
      const { rows } = await pool.query<{ next_seq: number }>(
        "SELECT next_seq FROM sessions WHERE id = $1",
        [sessionId],
      );
      return (rows[0]?.next_seq ?? 0) - 1;
    },
    async entriesAfter(sessionId, seq, limit) {
      const { rows } = await pool.query<EntryRow>(
        "SELECT * FROM entries WHERE session_id = $1 AND seq > $2 AND NOT hidden AND NOT off_branch ORDER BY seq LIMIT $3",
        [sessionId, seq, limit],
      );
      return rows.map(toEntry);
    },
  };
}
