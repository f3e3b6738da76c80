import type pg from "pg";
import { mintId } from "../ids.js";
import { type SessionRow, toSession } from "../sqlite/sessions-sql.js";
import type { SessionStore } from "../store.js";
import { StoreError } from "../store-error.js";

const CURSOR = /^(\d{1,16})\.(s_[a-z0-9]{20,40})$/;

/** The PostgreSQL sessions table. Pages run most recently updated first; the cursor is opaque. */
export function pgSessions(pool: pg.Pool, now: () => number): SessionStore {
  const rowsOf = async (sql: string, values: unknown[]) =>
    (await pool.query<SessionRow>(sql, values)).rows;
  return {
    async create({ ownerId, kind, title, workspace }) {
      const at = now();
      const id = mintId("s", at);
      await pool.query(
        "INSERT INTO sessions (id, owner_id, title, kind, created_at, updated_at, workspace) VALUES ($1, $2, $3, $4, $5, $5, $6)",
        [id, ownerId, title ?? null, kind, at, workspace ?? null],
      );
      return {
        id,
        ownerId,
        title: title ?? null,
        kind,
        createdAt: at,
        updatedAt: at,
        leafId: null,
        workspace: workspace ?? null,
      };
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
        const match = CURSOR.exec(cursor);
        if (!match) throw new StoreError("invalid", "cursor is not one this daemon issued");
        rows = await rowsOf(
          "SELECT * FROM sessions WHERE owner_id = $1 AND (updated_at, id) < ($2, $3) ORDER BY updated_at DESC, id DESC LIMIT $4",
          [ownerId, Number(match[1]), match[2], limit + 1],
        );
      }
      const more = rows.length > limit;
      const page = rows.slice(0, limit).map(toSession);
      const last = page.at(-1);
      return { sessions: page, nextCursor: more && last ? `${last.updatedAt}.${last.id}` : null };
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
