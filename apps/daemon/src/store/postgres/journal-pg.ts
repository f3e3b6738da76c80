import type pg from "pg";
import { type EntryRow, entryJson, toEntry } from "../entry-rows.js";
import {
  checkEntries,
  checkOnBranch,
  entryCursorSeq,
  entryPage,
  namedParent,
  noSession,
  type PreparedEntry,
  prepareAppend,
} from "../journal-batch.js";
import type { JournalStore } from "../store.js";
import { StoreError } from "../store-error.js";
import type { AppendOptions, JournalEntry, NewJournalEntry } from "../types.js";
import { inTransaction, type Queryable } from "./pg-pool.js";

const BRANCH = `WITH RECURSIVE path(id, parent_id) AS (
  SELECT id, parent_id FROM entries WHERE id = $1 AND session_id = $2
  UNION ALL
  SELECT e.id, e.parent_id FROM entries e JOIN path p ON e.id = p.parent_id
)`;

/** Runs inside an append's transaction after its rows are written (live-event pointers). */
export type AfterAppend = (
  client: pg.PoolClient,
  sessionId: string,
  written: readonly JournalEntry[],
) => Promise<void>;

/**
 * The generation of this instance's hold on a session, when it holds it (a turn runs here): the
 * journal's writes to that session then check it in their transaction.
 */
export type HoldFence = (sessionId: string) => string | undefined;

/** Refuses the write unless this instance still has the session's hold at the fenced generation. */
async function checkFence(
  client: pg.PoolClient,
  fence: HoldFence,
  instanceId: string,
  sessionId: string,
): Promise<void> {
  const generation = fence(sessionId);
  if (generation === undefined) return;
  // FOR SHARE: a take-over waits for this write's commit, so it sees it (or this sees the take).
  const { rowCount } = await client.query(
    "SELECT 1 FROM session_holds WHERE session_id = $1 AND instance_id = $2 AND generation::text = $3 FOR SHARE",
    [sessionId, instanceId, generation],
  );
  if (rowCount !== 1) {
    throw new StoreError(
      "fenced",
      `instance ${instanceId} no longer holds session ${sessionId} (hold generation ${generation}): another instance took it over after this one's lease lapsed, so this write is refused`,
    );
  }
}

/**
 * The PostgreSQL journal. An append locks its session's row (`FOR UPDATE`), so appends to one
 * session from any number of instances commit one after another with gapless `seq`. A turn it
 * opens is recorded as run by `instanceId`. While this instance holds a session (`fence`), each
 * append and data update to it checks the hold in its transaction and is refused (`fenced`) once
 * another instance has taken it.
 */
export function pgJournal(
  pool: pg.Pool,
  now: () => number,
  instanceId: string,
  afterAppend: AfterAppend = async () => undefined,
  fence: HoldFence = () => undefined,
): JournalStore {
  const requireSession = async (db: Queryable, sessionId: string, lock = false) => {
    const { rows } = await db.query<{ leaf_id: string | null; next_seq: number }>(
      `SELECT leaf_id, next_seq FROM sessions WHERE id = $1${lock ? " FOR UPDATE" : ""}`,
      [sessionId],
    );
    const row = rows[0];
    if (!row) throw noSession(sessionId);
    return row;
  };
  const requireOnBranch = async (db: Queryable, sessionId: string, entryId: string) => {
    const { rows } = await db.query<Pick<EntryRow, "off_branch">>(
      "SELECT off_branch FROM entries WHERE session_id = $1 AND id = $2",
      [sessionId, entryId],
    );
    checkOnBranch(rows[0], sessionId, entryId);
  };
  const readBranch = async (sessionId: string, leafId?: string) => {
    const row = await requireSession(pool, sessionId);
    const leaf = leafId ?? row.leaf_id;
    if (leaf === null) return [];
    const { rows } = await pool.query<EntryRow>(
      `${BRANCH} SELECT e.* FROM entries e JOIN path p ON e.id = p.id ORDER BY e.seq`,
      [leaf, sessionId],
    );
    return rows.map(toEntry);
  };

  const append = async (
    client: pg.PoolClient,
    sessionId: string,
    inputs: readonly NewJournalEntry[],
    options: AppendOptions,
    at: number,
    texts: readonly string[],
  ) => {
    const row = await requireSession(client, sessionId, true);
    await checkFence(client, fence, instanceId, sessionId);
    const named = namedParent(options, row.leaf_id);
    if (named !== undefined) await requireOnBranch(client, sessionId, named);
    const batch = prepareAppend(
      sessionId,
      inputs,
      options,
      {
        leafId: row.leaf_id,
        seq: row.next_seq,
        at,
      },
      texts,
    );
    await insertEntries(client, batch.entries);
    await insertOwnership(client, sessionId, batch.entries, at);
    const { leafId, nextSeq } = batch;
    await client.query(
      options.touch === false
        ? "UPDATE sessions SET leaf_id = $1, next_seq = $2 WHERE id = $3"
        : "UPDATE sessions SET leaf_id = $1, next_seq = $2, updated_at = $4 WHERE id = $3",
      options.touch === false ? [leafId, nextSeq, sessionId] : [leafId, nextSeq, sessionId, at],
    );
    if (options.openTurn) {
      await client.query(
        "INSERT INTO open_turns (turn_id, session_id, started_at, instance_id) VALUES ($1, $2, $3, $4) ON CONFLICT (turn_id) DO UPDATE SET session_id = excluded.session_id, started_at = excluded.started_at, instance_id = excluded.instance_id",
        [options.openTurn.turnId, sessionId, options.openTurn.startedAt, instanceId],
      );
    }
    if (options.closeTurn !== undefined) {
      await client.query("DELETE FROM open_turns WHERE turn_id = $1", [options.closeTurn]);
    }
    const written = batch.entries.map((p) => p.entry);
    await afterAppend(client, sessionId, written);
    return written;
  };

  return {
    async append(sessionId, entries, options = {}) {
      // Refused before a connection is taken; the checked texts are what the append writes.
      const texts = checkEntries(entries);
      const at = now();
      return inTransaction(pool, (client) =>
        append(client, sessionId, entries, options, at, texts),
      );
    },
    async updateData(sessionId, entryId, update) {
      return inTransaction(pool, async (client) => {
        const { rows } = await client.query<{ data: string }>(
          "SELECT data FROM entries WHERE session_id = $1 AND id = $2 FOR UPDATE",
          [sessionId, entryId],
        );
        const row = rows[0];
        if (!row) return false;
        await checkFence(client, fence, instanceId, sessionId);
        const next = update(JSON.parse(row.data));
        if (next === undefined) return true;
        await client.query("UPDATE entries SET data = $1 WHERE session_id = $2 AND id = $3", [
          entryJson(next, 0),
          sessionId,
          entryId,
        ]);
        return true;
      });
    },
    async get(sessionId, entryId) {
      const { rows } = await pool.query<EntryRow>(
        "SELECT * FROM entries WHERE session_id = $1 AND id = $2",
        [sessionId, entryId],
      );
      return rows[0] ? toEntry(rows[0]) : undefined;
    },
    async branch(sessionId, options = {}) {
      return readBranch(sessionId, options.leafId);
    },
    async page(sessionId, { cursor, limit }) {
      const row = await requireSession(pool, sessionId);
      const before = entryCursorSeq(cursor);
      if (row.leaf_id === null) return { entries: [], nextCursor: null };
      const { rows } = await pool.query<EntryRow>(
        `${BRANCH} SELECT e.* FROM entries e JOIN path p ON e.id = p.id WHERE NOT e.hidden AND e.seq < $3 ORDER BY e.seq DESC LIMIT $4`,
        [row.leaf_id, sessionId, before, limit + 1],
      );
      return entryPage(rows, limit);
    },
    async visible(sessionId) {
      return (await readBranch(sessionId)).filter((e) => !e.hidden);
    },
    async setLeaf(sessionId, entryId) {
      await inTransaction(pool, async (client) => {
        await requireSession(client, sessionId, true);
        if (entryId !== null) await requireOnBranch(client, sessionId, entryId);
        await client.query("UPDATE sessions SET leaf_id = $1, updated_at = $2 WHERE id = $3", [
          entryId,
          now(),
          sessionId,
        ]);
      });
    },
    async offBranch(sessionId, customType) {
      const { rows } =
        customType === undefined
          ? await pool.query<EntryRow>(
              "SELECT * FROM entries WHERE session_id = $1 AND off_branch ORDER BY seq",
              [sessionId],
            )
          : await pool.query<EntryRow>(
              "SELECT * FROM entries WHERE session_id = $1 AND off_branch AND custom_type = $2 ORDER BY seq",
              [sessionId, customType],
            );
      return rows.map(toEntry);
    },
  };
}

/** One INSERT for the whole batch: arrays unnested column by column. */
async function insertEntries(client: pg.PoolClient, prepared: readonly PreparedEntry[]) {
  if (prepared.length === 0) return;
  const column = <T>(pick: (p: PreparedEntry) => T) => prepared.map(pick);
  await client.query(
    `INSERT INTO entries (id, session_id, parent_id, seq, kind, custom_type, hidden, off_branch, data, created_at)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[], $5::text[], $6::text[], $7::boolean[], $8::boolean[], $9::text[], $10::bigint[])`,
    [
      column((p) => p.entry.id),
      column((p) => p.entry.sessionId),
      column((p) => p.entry.parentId),
      column((p) => p.entry.seq),
      column((p) => p.entry.kind),
      column((p) => p.entry.customType),
      column((p) => p.entry.hidden),
      column((p) => p.entry.offBranch),
      column((p) => p.json),
      column((p) => p.entry.createdAt),
    ],
  );
}

/** Ownership rows of the blobs the batch's entries carry; an owned blob keeps its first owner. */
async function insertOwnership(
  client: pg.PoolClient,
  sessionId: string,
  prepared: readonly PreparedEntry[],
  at: number,
) {
  const refs = prepared.flatMap((p) => p.attachments.map((ref) => ({ ref, entryId: p.entry.id })));
  if (refs.length === 0) return;
  await insertAttachmentRows(client, sessionId, refs, at);
}

/** Inserts attachment ownership rows, leaving already owned hashes as they are. */
export async function insertAttachmentRows(
  db: Queryable,
  sessionId: string,
  refs: readonly {
    readonly entryId: string;
    readonly ref: NonNullable<NewJournalEntry["attachments"]>[number];
  }[],
  at: number,
) {
  await db.query(
    `INSERT INTO attachments (session_id, hash, entry_id, kind, mime_type, bytes, filename, created_at)
     SELECT $1::text, *, $8::bigint FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::bigint[], $7::text[])
     ON CONFLICT (session_id, hash) DO NOTHING`,
    [
      sessionId,
      refs.map((r) => r.ref.hash),
      refs.map((r) => r.entryId),
      refs.map((r) => r.ref.kind),
      refs.map((r) => r.ref.mimeType),
      refs.map((r) => r.ref.bytes),
      refs.map((r) => r.ref.filename ?? null),
      at,
    ],
  );
}
