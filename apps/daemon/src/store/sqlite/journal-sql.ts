import type Database from "better-sqlite3";
import { type EntryRow, entryJson, toEntry } from "../entry-rows.js";
import {
  checkOnBranch,
  entryCursorSeq,
  entryPage,
  namedParent,
  noSession,
  prepareAppend,
} from "../journal-batch.js";
import type { SessionRow } from "../session-rows.js";
import type { JournalStore } from "../store.js";
import type { AppendOptions, NewJournalEntry } from "../types.js";
import { attachmentOwner } from "./attachments-sql.js";

const BRANCH = `WITH RECURSIVE path(id, parent_id) AS (
  SELECT id, parent_id FROM entries WHERE id = ? AND session_id = ?
  UNION ALL
  SELECT e.id, e.parent_id FROM entries e JOIN path p ON e.id = p.parent_id
)`;

/** The SQLite journal: append in one transaction, in-place data rewrites, branch paging. */
export function sqliteJournal(db: Database.Database, now: () => number): JournalStore {
  const session = db.prepare<[string], SessionRow>("SELECT * FROM sessions WHERE id = ?");
  const position = db.prepare<[string], Pick<SessionRow, "leaf_id" | "next_seq">>(
    "SELECT leaf_id, next_seq FROM sessions WHERE id = ?",
  );
  const entry = db.prepare<[string, string], EntryRow>(
    "SELECT * FROM entries WHERE session_id = ? AND id = ?",
  );
  const insert = db.prepare(
    "INSERT INTO entries (id, session_id, parent_id, seq, kind, custom_type, hidden, off_branch, data, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  const own = attachmentOwner(db);
  const advance = db.prepare(
    "UPDATE sessions SET leaf_id = ?, next_seq = ?, updated_at = ? WHERE id = ?",
  );
  const advanceQuietly = db.prepare("UPDATE sessions SET leaf_id = ?, next_seq = ? WHERE id = ?");
  const openTurn = db.prepare(
    "INSERT OR REPLACE INTO open_turns (turn_id, session_id, started_at) VALUES (?, ?, ?)",
  );
  const closeTurn = db.prepare("DELETE FROM open_turns WHERE turn_id = ?");
  const setData = db.prepare("UPDATE entries SET data = ? WHERE session_id = ? AND id = ?");
  const setLeaf = db.prepare("UPDATE sessions SET leaf_id = ?, updated_at = ? WHERE id = ?");
  const branch = db.prepare<[string, string], EntryRow>(
    `${BRANCH} SELECT e.* FROM entries e JOIN path p ON e.id = p.id ORDER BY e.seq`,
  );
  const visiblePage = db.prepare<[string, string, number, number], EntryRow>(
    `${BRANCH} SELECT e.* FROM entries e JOIN path p ON e.id = p.id WHERE e.hidden = 0 AND e.seq < ? ORDER BY e.seq DESC LIMIT ?`,
  );
  const offBranchAll = db.prepare<[string], EntryRow>(
    "SELECT * FROM entries WHERE session_id = ? AND off_branch = 1 ORDER BY seq",
  );
  const offBranchType = db.prepare<[string, string], EntryRow>(
    "SELECT * FROM entries WHERE session_id = ? AND off_branch = 1 AND custom_type = ? ORDER BY seq",
  );

  const requireSession = (sessionId: string) => {
    const row = session.get(sessionId);
    if (!row) throw noSession(sessionId);
    return row;
  };
  const requireOnBranch = (sessionId: string, entryId: string) =>
    checkOnBranch(entry.get(sessionId, entryId), sessionId, entryId);

  const append = db.transaction(
    (sessionId: string, entries: readonly NewJournalEntry[], options: AppendOptions) => {
      const row = position.get(sessionId);
      if (!row) throw noSession(sessionId);
      const named = namedParent(options, row.leaf_id);
      if (named !== undefined) requireOnBranch(sessionId, named);
      const at = now();
      const batch = prepareAppend(sessionId, entries, options, {
        leafId: row.leaf_id,
        seq: row.next_seq,
        at,
      });
      for (const { entry: e, json, attachments } of batch.entries) {
        insert.run(
          e.id,
          sessionId,
          e.parentId,
          e.seq,
          e.kind,
          e.customType,
          e.hidden ? 1 : 0,
          e.offBranch ? 1 : 0,
          json,
          at,
        );
        for (const ref of attachments) own(sessionId, e.id, ref, at);
      }
      if (options.touch === false) advanceQuietly.run(batch.leafId, batch.nextSeq, sessionId);
      else advance.run(batch.leafId, batch.nextSeq, at, sessionId);
      if (options.openTurn)
        openTurn.run(options.openTurn.turnId, sessionId, options.openTurn.startedAt);
      if (options.closeTurn !== undefined) closeTurn.run(options.closeTurn);
      return batch.entries.map((p) => p.entry);
    },
  );

  const update = db.transaction(
    (sessionId: string, entryId: string, fn: (data: unknown) => unknown) => {
      const row = entry.get(sessionId, entryId);
      if (!row) return false;
      const next = fn(JSON.parse(row.data));
      if (next === undefined) return true;
      setData.run(entryJson(next, 0), sessionId, entryId);
      return true;
    },
  );

  const readBranch = (sessionId: string, leafId?: string) => {
    const row = requireSession(sessionId);
    const leaf = leafId ?? row.leaf_id;
    return leaf === null ? [] : branch.all(leaf, sessionId).map(toEntry);
  };

  return {
    async append(sessionId, entries, options = {}) {
      return append.immediate(sessionId, entries, options);
    },
    async updateData(sessionId, entryId, fn) {
      return update.immediate(sessionId, entryId, fn);
    },
    async get(sessionId, entryId) {
      const row = entry.get(sessionId, entryId);
      return row ? toEntry(row) : undefined;
    },
    async branch(sessionId, options = {}) {
      return readBranch(sessionId, options.leafId);
    },
    async page(sessionId, { cursor, limit }) {
      const row = requireSession(sessionId);
      const before = entryCursorSeq(cursor);
      if (row.leaf_id === null) return { entries: [], nextCursor: null };
      return entryPage(visiblePage.all(row.leaf_id, sessionId, before, limit + 1), limit);
    },
    async visible(sessionId) {
      return readBranch(sessionId).filter((e) => !e.hidden);
    },
    async setLeaf(sessionId, entryId) {
      requireSession(sessionId);
      if (entryId !== null) requireOnBranch(sessionId, entryId);
      setLeaf.run(entryId, now(), sessionId);
    },
    async offBranch(sessionId, customType) {
      const rows =
        customType === undefined
          ? offBranchAll.all(sessionId)
          : offBranchType.all(sessionId, customType);
      return rows.map(toEntry);
    },
  };
}
