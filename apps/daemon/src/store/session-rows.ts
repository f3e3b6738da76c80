import type { SessionKind } from "@elowen/plugin-api/hooks";
import { mintId } from "./ids.js";
import type { SessionStore } from "./store.js";
import { StoreError } from "./store-error.js";
import type { SessionRecord } from "./types.js";

/** A sessions row as both engines return it. */
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

/** A sessions row as the store hands it out. */
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

/** A session created at `at` with a freshly minted id: no entries yet, so no leaf. */
export function newSession(
  input: Parameters<SessionStore["create"]>[0],
  at: number,
): SessionRecord {
  return {
    id: mintId("s", at),
    ownerId: input.ownerId,
    title: input.title ?? null,
    kind: input.kind,
    createdAt: at,
    updatedAt: at,
    leafId: null,
    workspace: input.workspace ?? null,
  };
}

const CURSOR = /^(\d{1,16})\.(s_[a-z0-9]{20,40})$/;

/**
 * Where a sessions page resumes: after the session a cursor of {@link sessionPage} names. Throws
 * StoreError("invalid") for a cursor this daemon did not issue.
 */
export function parseSessionCursor(cursor: string): {
  readonly updatedAt: number;
  readonly id: string;
} {
  const match = CURSOR.exec(cursor);
  if (!match) throw new StoreError("invalid", "cursor is not one this daemon issued");
  return { updatedAt: Number(match[1]), id: match[2] as string };
}

/**
 * One page of sessions, most recently updated first, from up to `limit + 1` rows in that order:
 * the extra row only tells that a next page exists.
 */
export function sessionPage(
  rows: readonly SessionRow[],
  limit: number,
): { readonly sessions: readonly SessionRecord[]; readonly nextCursor: string | null } {
  const page = rows.slice(0, limit).map(toSession);
  const last = page.at(-1);
  return {
    sessions: page,
    nextCursor: rows.length > limit && last ? `${last.updatedAt}.${last.id}` : null,
  };
}
