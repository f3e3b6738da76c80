import { SHARED_ATTACHMENT_ENTRY } from "@elowen/plugin-api/journal";
import type Database from "better-sqlite3";
import type { BlobStorage } from "../blob-storage.js";
import { missingBlob, parseShare } from "../shared-attachment.js";
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
  const ownRow = db.prepare(
    "INSERT OR IGNORE INTO attachments (session_id, hash, entry_id, kind, mime_type, bytes, filename, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
  );
  const ownAll = db.transaction(
    (sessionId: string, entryId: string, refs: readonly AttachmentRef[], at: number) => {
      for (const ref of refs)
        ownRow.run(
          sessionId,
          ref.hash,
          entryId,
          ref.kind,
          ref.mimeType,
          ref.bytes,
          ref.filename ?? null,
          at,
        );
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
      const { details, ref } = parseShare(share);
      if (!(await blobs.has(ref.hash))) throw missingBlob(ref.hash);
      if (owned.get(sessionId, ref.hash)) return { entry: null };
      const [entry] = await journal.append(sessionId, [
        {
          kind: "custom",
          customType: SHARED_ATTACHMENT_ENTRY,
          hidden: true,
          offBranch: true,
          data: { details },
          attachments: [ref],
        },
      ]);
      return { entry: entry ?? null };
    },
    async own(sessionId, entryId, refs) {
      if (refs.length > 0) ownAll.immediate(sessionId, entryId, refs, now());
    },
    async isOwned(hash) {
      return anyOwner.get(hash) !== undefined;
    },
  };
}
