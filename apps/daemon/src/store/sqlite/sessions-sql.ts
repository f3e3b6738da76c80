import type Database from "better-sqlite3";
import {
  newSession,
  parseSessionCursor,
  type SessionRow,
  sessionPage,
  toSession,
} from "../session-rows.js";
import type { SessionStore } from "../store.js";

/** The SQLite sessions table. Pages run most recently updated first; the cursor is opaque. */
export function sqliteSessions(db: Database.Database, now: () => number): SessionStore {
  const insert = db.prepare(
    "INSERT INTO sessions (id, owner_id, title, kind, created_at, updated_at, workspace) VALUES (?, ?, ?, ?, ?, ?, ?)",
  );
  const byId = db.prepare<[string], SessionRow>("SELECT * FROM sessions WHERE id = ?");
  const first = db.prepare<[number, number], SessionRow>(
    "SELECT * FROM sessions WHERE owner_id = ? ORDER BY updated_at DESC, id DESC LIMIT ?",
  );
  const after = db.prepare<[number, number, number, string, number], SessionRow>(
    "SELECT * FROM sessions WHERE owner_id = ? AND (updated_at < ? OR (updated_at = ? AND id < ?)) ORDER BY updated_at DESC, id DESC LIMIT ?",
  );
  const rename = db.prepare("UPDATE sessions SET title = ?, updated_at = ? WHERE id = ?");
  const remove = db.prepare("DELETE FROM sessions WHERE id = ?");
  return {
    async create(input) {
      const session = newSession(input, now());
      const { id, ownerId, title, kind, createdAt, workspace } = session;
      insert.run(id, ownerId, title, kind, createdAt, createdAt, workspace);
      return session;
    },
    async get(id) {
      const row = byId.get(id);
      return row ? toSession(row) : undefined;
    },
    async list(ownerId, { cursor, limit }) {
      let rows: SessionRow[];
      if (cursor === undefined) rows = first.all(ownerId, limit + 1);
      else {
        const { updatedAt, id } = parseSessionCursor(cursor);
        rows = after.all(ownerId, updatedAt, updatedAt, id, limit + 1);
      }
      return sessionPage(rows, limit);
    },
    async rename(id, title) {
      if (rename.run(title, now(), id).changes === 0) return undefined;
      const row = byId.get(id);
      return row ? toSession(row) : undefined;
    },
    async remove(id) {
      return remove.run(id).changes > 0;
    },
  };
}
