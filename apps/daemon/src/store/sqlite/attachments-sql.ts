import { SHARED_ATTACHMENT_ENTRY, SharedFileSchema, SharedImageSchema } from "@elowen/plugin-api";
import type Database from "better-sqlite3";
import type { BlobStore } from "../blob-store.js";
import type { AttachmentStore, JournalStore } from "../store.js";
import { StoreError } from "../store-error.js";
import type { AttachmentRef } from "../types.js";

interface AttachmentRow {
  session_id: string;
  hash: string;
  entry_id: string;
  kind: "image" | "file";
  mime_type: string;
  bytes: number;
  filename: string | null;
  created_at: number;
}

/**
 * Attachment ownership. Ownership rows are written with the entry that carries the blob (in the
 * journal's append transaction), so they survive restarts and go with the session.
 */
export function sqliteAttachments(
  db: Database.Database,
  journal: JournalStore,
  blobs: BlobStore,
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
      if (!row) return undefined;
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
    },
    async recordShared(sessionId, share) {
      const isImage = "sharedImage" in share;
      const parsed = isImage
        ? SharedImageSchema.safeParse(share.sharedImage)
        : SharedFileSchema.safeParse(share.sharedFile);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new StoreError(
          "invalid",
          `${isImage ? "sharedImage" : "sharedFile"}.${issue?.path.join(".") ?? ""}: ${issue?.message ?? "invalid"}`,
        );
      }
      const ref = parsed.data;
      if (!(await blobs.has(ref.hash))) {
        throw new StoreError(
          "invalid",
          `no stored blob ${ref.hash}: store the bytes before sharing them`,
        );
      }
      if (owned.get(sessionId, ref.hash)) return { entry: null };
      const details = isImage ? { sharedImage: ref } : { sharedFile: ref };
      const [entry] = await journal.append(sessionId, [
        {
          kind: "custom",
          customType: SHARED_ATTACHMENT_ENTRY,
          hidden: true,
          offBranch: true,
          data: { details },
          attachments: [
            {
              hash: ref.hash,
              kind: isImage ? "image" : "file",
              mimeType: ref.mimeType,
              bytes: ref.bytes,
              ...(ref.filename === undefined ? {} : { filename: ref.filename }),
            },
          ],
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
