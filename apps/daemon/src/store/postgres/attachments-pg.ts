import type pg from "pg";
import type { BlobStorage } from "../blob-storage.js";
import { recordShare } from "../shared-attachment.js";
import type { AttachmentStore, JournalStore } from "../store.js";
import { type AttachmentRow, toAttachment } from "../store-rows.js";
import { insertAttachmentRows } from "./journal-pg.js";

/** Attachment ownership in PostgreSQL, written with the entry that carries the blob. */
export function pgAttachments(
  pool: pg.Pool,
  journal: JournalStore,
  blobs: BlobStorage,
  now: () => number,
): AttachmentStore {
  const owned = async (sessionId: string, hash: string) =>
    (
      await pool.query<AttachmentRow>(
        "SELECT * FROM attachments WHERE session_id = $1 AND hash = $2",
        [sessionId, hash],
      )
    ).rows[0];
  return {
    async owned(sessionId, hash) {
      const row = await owned(sessionId, hash);
      return row ? toAttachment(row) : undefined;
    },
    async recordShared(sessionId, share) {
      return recordShare({ journal, blobs, owned }, sessionId, share);
    },
    async own(sessionId, entryId, refs) {
      if (refs.length === 0) return;
      await insertAttachmentRows(
        pool,
        sessionId,
        refs.map((ref) => ({ ref, entryId })),
        now(),
      );
    },
    async isOwned(hash) {
      const { rowCount } = await pool.query("SELECT 1 FROM attachments WHERE hash = $1 LIMIT 1", [
        hash,
      ]);
      return (rowCount ?? 0) > 0;
    },
  };
}
