import type Database from "better-sqlite3";
import { mintId } from "../ids.js";
import type { JournalStore } from "../store.js";
import { StoreError } from "../store-error.js";
import type { AppendOptions, JournalEntry, NewJournalEntry } from "../types.js";
import { type EntryRow, entryJson, toEntry } from "./entry-row.js";
import type { SessionRow } from "./sessions-sql.js";

/** An entry id a caller supplies: 1 to 128 of letters, digits and `_.:-`. */
export const ENTRY_ID_SUPPLIED_PATTERN = /^[A-Za-z0-9_.:-]{1,128}$/;

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
  const own = db.prepare(
    "INSERT OR IGNORE INTO attachments (session_id, hash, entry_id, kind, mime_type, bytes, filename, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
  );
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
    if (!row) throw new StoreError("not_found", `no session ${sessionId}`);
    return row;
  };
  const requireOnBranch = (sessionId: string, entryId: string) => {
    const row = entry.get(sessionId, entryId);
    if (!row) throw new StoreError("not_found", `session ${sessionId} has no entry ${entryId}`);
    if (row.off_branch === 1) {
      throw new StoreError(
        "invalid",
        `entry ${entryId} is off-branch and cannot be a parent or leaf`,
      );
    }
  };

  const append = db.transaction(
    (sessionId: string, entries: readonly NewJournalEntry[], options: AppendOptions) => {
      const row = position.get(sessionId);
      if (!row) throw new StoreError("not_found", `no session ${sessionId}`);
      // The leaf is on the branch by construction (only on-branch entries become it), so only a
      // parent the caller names is looked up.
      let parent = options.parentId === undefined ? row.leaf_id : options.parentId;
      if (parent !== null && parent !== row.leaf_id) requireOnBranch(sessionId, parent);
      let seq = row.next_seq;
      const at = now();
      const written: JournalEntry[] = [];
      for (let index = 0; index < entries.length; index += 1) {
        const input = entries[index] as NewJournalEntry;
        if (input.id !== undefined && !ENTRY_ID_SUPPLIED_PATTERN.test(input.id)) {
          throw new StoreError(
            "invalid",
            `entries[${index}].id must match ${ENTRY_ID_SUPPLIED_PATTERN}`,
          );
        }
        const id = input.id ?? mintId("e", at);
        const data = entryJson(input.data, index);
        const offBranch = input.offBranch === true;
        insert.run(
          id,
          sessionId,
          parent,
          seq,
          input.kind,
          input.customType ?? null,
          input.hidden ? 1 : 0,
          offBranch ? 1 : 0,
          data,
          at,
        );
        for (const ref of input.attachments ?? []) {
          own.run(
            sessionId,
            ref.hash,
            id,
            ref.kind,
            ref.mimeType,
            ref.bytes,
            ref.filename ?? null,
            at,
          );
        }
        written.push({
          id,
          sessionId,
          parentId: parent,
          seq,
          kind: input.kind,
          customType: input.customType ?? null,
          hidden: input.hidden === true,
          offBranch,
          // The value just serialized: reading it back from its JSON would only copy it.
          data: input.data,
          createdAt: at,
        });
        seq += 1;
        if (!offBranch) parent = id;
      }
      if (options.touch === false) advanceQuietly.run(parent, seq, sessionId);
      else advance.run(parent, seq, at, sessionId);
      if (options.openTurn)
        openTurn.run(options.openTurn.turnId, sessionId, options.openTurn.startedAt);
      if (options.closeTurn !== undefined) closeTurn.run(options.closeTurn);
      return written;
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
      if (cursor !== undefined && !/^\d{1,15}$/.test(cursor)) {
        throw new StoreError("invalid", "cursor is not one this daemon issued");
      }
      if (row.leaf_id === null) return { entries: [], nextCursor: null };
      const before = cursor === undefined ? Number.MAX_SAFE_INTEGER : Number(cursor);
      const rows = visiblePage.all(row.leaf_id, sessionId, before, limit + 1);
      const more = rows.length > limit;
      const page = rows.slice(0, limit).reverse().map(toEntry);
      const oldest = page[0];
      return { entries: page, nextCursor: more && oldest ? String(oldest.seq) : null };
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
