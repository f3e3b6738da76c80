import type { TextContent } from "@elowen/plugin-api/tools";
import type { ImageRef } from "@elowen/plugin-api/trace";
import type { ToolResultEntryData } from "@elowen/wire";
import type { ImageContent } from "@mariozechner/pi-ai";
import type { BlobStorage } from "../../store/blob-storage.js";
import type { AttachmentRef } from "../../store/types.js";

type StoredBlock = ToolResultEntryData["content"][number];

/** A result as the journal keeps it: images moved to the blob store, their owners listed. */
export interface StoredResult {
  readonly content: StoredBlock[];
  readonly details: Record<string, unknown> | undefined;
  readonly attachments: AttachmentRef[];
}

function imagesOf(value: unknown): ImageRef[] {
  return Array.isArray(value)
    ? value.filter(
        (v): v is ImageRef =>
          typeof v === "object" && v !== null && typeof (v as ImageRef).hash === "string",
      )
    : [];
}

/**
 * Externalizes a tool result's images into the content-addressed store (the model gets them back
 * on replay): each image block becomes a reference, listed in `details.images` as the row
 * projection reads it. The entry owns those blobs and the images its nested trace records hold.
 */
export async function storeResult(
  blobs: BlobStorage,
  content: readonly (TextContent | ImageContent)[],
  details: unknown,
): Promise<StoredResult> {
  const base =
    typeof details === "object" && details !== null && !Array.isArray(details)
      ? { ...(details as Record<string, unknown>) }
      : undefined;
  const stored: StoredBlock[] = [];
  const images: ImageRef[] = [];
  for (const block of content) {
    if (block.type === "text") {
      stored.push({ type: "text", text: block.text });
      continue;
    }
    const put = await blobs.put(Buffer.from(block.data, "base64"));
    stored.push({ type: "image", mimeType: block.mimeType, hash: put.hash, bytes: put.bytes });
    images.push({ hash: put.hash, mimeType: block.mimeType, bytes: put.bytes });
  }
  const out =
    images.length > 0 ? { ...base, images: [...imagesOf(base?.images), ...images] } : base;
  const owned = new Map<string, AttachmentRef>();
  const own = (ref: ImageRef) =>
    owned.set(ref.hash, {
      hash: ref.hash,
      kind: "image",
      mimeType: ref.mimeType,
      bytes: ref.bytes,
    });
  for (const ref of imagesOf(out?.images)) own(ref);
  const trace = out?.toolTrace;
  if (Array.isArray(trace))
    for (const record of trace) for (const ref of imagesOf(record?.images)) own(ref);
  return { content: stored, details: out, attachments: [...owned.values()] };
}

/** A stored result's content as the model reads it again: images read back from the store. */
export async function replayContent(
  blobs: BlobStorage,
  content: readonly StoredBlock[],
): Promise<(TextContent | ImageContent)[]> {
  const out: (TextContent | ImageContent)[] = [];
  for (const block of content) {
    if (block.type === "text") out.push({ type: "text", text: block.text });
    else {
      const bytes = await blobs.read(block.hash);
      out.push(
        bytes
          ? { type: "image", mimeType: block.mimeType, data: bytes.toString("base64") }
          : { type: "text", text: `[image ${block.hash.slice(0, 12)} is no longer stored]` },
      );
    }
  }
  return out;
}
