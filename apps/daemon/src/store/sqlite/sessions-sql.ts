import type { SessionKind } from "@elowen/plugin-api/hooks";
import type Database from "better-sqlite3";
import { mintId } from "../ids.js";
import type { SessionStore } from "../store.js";
import { StoreError } from "../store-error.js";
import type { SessionRecord } from "../types.js";

/** A sessions row. */
export interface SessionRow {
  id: string;
  owner_id: number;
  title: string | null;
  kind: SessionKind;
  created_at: number;
  updated_at: number;
  leaf_id: string | null;
  next_seq: number;
  workspace: string | null;
}

/** Maps a sessions row. */
export function toSession(row: SessionRow): SessionRecord {
  return {
    id: row.id,
    ownerId: row.owner_id,
    title: row.title,
    kind: row.kind,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    leafId: row.leaf_id,
    workspace: row.workspace ?? null,
  };
}

const CURSOR = /^(\d{1,16})\.(s_[a-z0-9]{20,40})$/;

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
    async create({ ownerId, kind, title, workspace }) {
      const at = now();
      const id = mintId("s", at);
      insert.run(id, ownerId, title ?? null, kind, at, at, workspace ?? null);
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
      const row = byId.get(id);
      return row ? toSession(row) : undefined;
    },
    async list(ownerId, { cursor, limit }) {
      let rows: SessionRow[];
      if (cursor === undefined) rows = first.all(ownerId, limit + 1);
      else {
        const match = CURSOR.exec(cursor);
        if (!match) throw new StoreError("invalid", "cursor is not one this daemon issued");
        const at = Number(match[1]);
        rows = after.all(ownerId, at, at, match[2] as string, limit + 1);
      }
      const more = rows.length > limit;
      const page = rows.slice(0, limit).map(toSession);
      const last = page.at(-1);
      return { sessions: page, nextCursor: more && last ? `${last.updatedAt}.${last.id}` : null };
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
