import { SHARED_ATTACHMENT_ENTRY } from "@elowen/plugin-api/journal";
import { SharedFileSchema, SharedImageSchema } from "@elowen/plugin-api/trace";
import type { BlobStorage } from "./blob-storage.js";
import type { AttachmentStore, JournalStore } from "./store.js";
import { StoreError } from "./store-error.js";
import type { AttachmentRef } from "./types.js";

type Share = Parameters<AttachmentStore["recordShared"]>[1];

/**
 * Validates a shared image or file reference for `recordShared`: the entry's `details` and the
 * ownership row it carries. Throws StoreError("invalid") naming the field that is wrong.
 */
export function parseShare(share: Share): {
  readonly details: Record<string, unknown>;
  readonly ref: AttachmentRef;
} {
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
  return {
    details: isImage ? { sharedImage: ref } : { sharedFile: ref },
    ref: {
      hash: ref.hash,
      kind: isImage ? "image" : "file",
      mimeType: ref.mimeType,
      bytes: ref.bytes,
      ...(ref.filename === undefined ? {} : { filename: ref.filename }),
    },
  };
}

/** The refusal of a share whose bytes were never stored. */
export function missingBlob(hash: string): StoreError {
  return new StoreError("invalid", `no stored blob ${hash}: store the bytes before sharing them`);
}

/**
 * `recordShared` on either engine: validates the share, refuses bytes never stored, and appends
 * the off-branch entry that owns the blob, unless `owned(sessionId, hash)` finds the session's
 * ownership row already (then no entry).
 */
export async function recordShare(
  parts: {
    readonly journal: JournalStore;
    readonly blobs: BlobStorage;
    readonly owned: (sessionId: string, hash: string) => unknown;
  },
  sessionId: string,
  share: Share,
): ReturnType<AttachmentStore["recordShared"]> {
  const { details, ref } = parseShare(share);
  if (!(await parts.blobs.has(ref.hash))) throw missingBlob(ref.hash);
  if (await parts.owned(sessionId, ref.hash)) return { entry: null };
  const [entry] = await parts.journal.append(sessionId, [
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
}
