import { createHash } from "node:crypto";
import type { AttachmentRecord, TokenRecord } from "./types.js";

/** A tokens row as both engines return it (the same column names on SQLite and PostgreSQL). */
export interface TokenRow {
  id: number;
  account_id: number;
  label: string | null;
  created_at: number;
}

/** A tokens row as the store hands it out. */
export function toToken(row: TokenRow): TokenRecord {
  return { id: row.id, accountId: row.account_id, label: row.label, createdAt: row.created_at };
}

/** An attachments row as both engines return it. */
export interface AttachmentRow {
  session_id: string;
  hash: string;
  entry_id: string;
  kind: "image" | "file";
  mime_type: string;
  bytes: number;
  filename: string | null;
  created_at: number;
}

/** An attachments row as the store hands it out (no `filename` key when the row has none). */
export function toAttachment(row: AttachmentRow): AttachmentRecord {
  return {
    sessionId: row.session_id,
    hash: row.hash,
    entryId: row.entry_id,
    kind: row.kind,
    mimeType: row.mime_type,
    bytes: row.bytes,
    ...(row.filename === null ? {} : { filename: row.filename }),
    createdAt: row.created_at,
  };
}

/** A bearer token: `elw_` and 43 base64url characters (32 random bytes). */
export const TOKEN_PATTERN = /^elw_[A-Za-z0-9_-]{43}$/;

/** The SHA-256 of a token, which is all the store keeps. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
