import type Database from "better-sqlite3";
import type { BlobStorage } from "../blob-storage.js";
import { recordShare } from "../shared-attachment.js";
import type { AttachmentStore, JournalStore } from "../store.js";
import { type AttachmentRow, toAttachment } from "../store-rows.js";
import type { AttachmentRef } from "../types.js";

/**
 * Attachment ownership. Ownership rows are written with the entry that carries the blob (in the
 * journal's append transaction), so they survive restarts and go with the session.
 */
export function sqliteAttachments(
  db: Database.Database,
  journal: JournalStore,
  blobs: BlobStorage,
  now: () => number = Date.now,
): AttachmentStore {
  const ownRow = attachmentOwner(db);
  const ownAll = db.transaction(
    (sessionId: string, entryId: string, refs: readonly AttachmentRef[], at: number) => {
      for (const ref of refs) ownRow(sessionId, entryId, ref, at);
    },
  );
  const owned = db.prepare<[string, string], AttachmentRow>(
    "SELECT * FROM attachments WHERE session_id = ? AND hash = ?",
  );
  const anyOwner = db.prepare<[string], { one: number }>(
    "SELECT 1 AS one FROM attachments WHERE hash = ? LIMIT 1",
  );
  return {
    async owned(sessionId, hash) {
      const row = owned.get(sessionId, hash);
      return row ? toAttachment(row) : undefined;
    },
    async recordShared(sessionId, share) {
      return recordShare(
        { journal, blobs, owned: (id, hash) => owned.get(id, hash) },
        sessionId,
        share,
      );
    },
    async own(sessionId, entryId, refs) {
      if (refs.length > 0) ownAll.immediate(sessionId, entryId, refs, now());
    },
    async isOwned(hash) {
      return anyOwner.get(hash) !== undefined;
    },
  };
}

/**
 * Records that an entry of a session owns a blob (the caller's transaction, if any); a blob the
 * session already owns keeps its first owner.
 */
export function attachmentOwner(
  db: Database.Database,
): (sessionId: string, entryId: string, ref: AttachmentRef, at: number) => void {
  const insert = db.prepare(
    "INSERT OR IGNORE INTO attachments (session_id, hash, entry_id, kind, mime_type, bytes, filename, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
  );
  return (sessionId, entryId, ref, at) => {
    insert.run(
      sessionId,
      ref.hash,
      entryId,
      ref.kind,
      ref.mimeType,
      ref.bytes,
      ref.filename ?? null,
      at,
    );
  };
}
