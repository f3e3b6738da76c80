import type pg from "pg";
import {
  newSession,
  parseSessionCursor,
  type SessionRow,
  sessionPage,
  toSession,
} from "../session-rows.js";
import type { SessionStore } from "../store.js";

/** The PostgreSQL sessions table. Pages run most recently updated first; the cursor is opaque. */
export function pgSessions(pool: pg.Pool, now: () => number): SessionStore {
  const rowsOf = async (sql: string, values: unknown[]) =>
    (await pool.query<SessionRow>(sql, values)).rows;
  return {
    async create(input) {
      const session = newSession(input, now());
      const { id, ownerId, title, kind, createdAt, workspace } = session;
      await pool.query(
        "INSERT INTO sessions (id, owner_id, title, kind, created_at, updated_at, workspace) VALUES ($1, $2, $3, $4, $5, $5, $6)",
        [id, ownerId, title, kind, createdAt, workspace],
      );
      return session;
    },
    async get(id) {
      const [row] = await rowsOf("SELECT * FROM sessions WHERE id = $1", [id]);
      return row ? toSession(row) : undefined;
    },
    async list(ownerId, { cursor, limit }) {
      let rows: SessionRow[];
      if (cursor === undefined) {
        rows = await rowsOf(
          "SELECT * FROM sessions WHERE owner_id = $1 ORDER BY updated_at DESC, id DESC LIMIT $2",
          [ownerId, limit + 1],
        );
      } else {
        const { updatedAt, id } = parseSessionCursor(cursor);
        rows = await rowsOf(
          "SELECT * FROM sessions WHERE owner_id = $1 AND (updated_at, id) < ($2, $3) ORDER BY updated_at DESC, id DESC LIMIT $4",
          [ownerId, updatedAt, id, limit + 1],
        );
      }
      return sessionPage(rows, limit);
    },
    async rename(id, title) {
      const [row] = await rowsOf(
        "UPDATE sessions SET title = $1, updated_at = $2 WHERE id = $3 RETURNING *",
        [title, now(), id],
      );
      return row ? toSession(row) : undefined;
    },
    async remove(id) {
      return ((await pool.query("DELETE FROM sessions WHERE id = $1", [id])).rowCount ?? 0) > 0;
    },
  };
}
