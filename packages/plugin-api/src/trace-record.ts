import { z } from "zod";
import { SHARE_CAPTION_CHARS } from "./limits.js";
import { QuestionAnswerRecordSchema } from "./questions.js";

/** A content-addressed image reference: the stored bytes' SHA-256, MIME type and size. */
export const ImageRefSchema = z.strictObject({
  hash: z.string().regex(/^[0-9a-f]{64}$/, "a lowercase hex SHA-256"),
  mimeType: z.string().regex(/^image\/[a-z0-9.+-]+$/),
  bytes: z.number().int().nonnegative(),
});
/** A content-addressed image reference. */
export type ImageRef = z.infer<typeof ImageRefSchema>;

/** A delivered image share: the stored reference and its caption (at most 200 characters). */
export const SharedImageSchema = ImageRefSchema.extend({
  caption: z.string().max(SHARE_CAPTION_CHARS).optional(),
  filename: z.string().max(255).optional(),
});
/** A delivered image share. */
export type SharedImage = z.infer<typeof SharedImageSchema>;

/** A delivered file share: the stored reference and its download metadata. */
export const SharedFileSchema = z.strictObject({
  hash: z.string().regex(/^[0-9a-f]{64}$/, "a lowercase hex SHA-256"),
  mimeType: z.string().min(1).max(255),
  bytes: z.number().int().nonnegative(),
  filename: z.string().min(1).max(255),
  caption: z.string().max(SHARE_CAPTION_CHARS).optional(),
});
/** A delivered file share. */
export type SharedFile = z.infer<typeof SharedFileSchema>;

/**
 * One durable trace record: a nested call or a progress note, with a host-minted id. A record with
 * `pending: true` was reported while still running; only a record without it proves the call
 * finished. Timing is host-only display metadata: a record without it shows no duration.
 */
export const ToolTraceRecordSchema = z.strictObject({
  id: z.string().min(1).max(128),
  producerId: z.string().min(1).max(128),
  kind: z.enum(["call", "note"]),
  name: z.string().max(128).optional(),
  args: z.unknown().optional(),
  text: z.string().optional(),
  parentId: z.string().optional(),
  pending: z.literal(true).optional(),
  isError: z.boolean().optional(),
  output: z.string().optional(),
  startedAt: z.number().int().nonnegative().optional(),
  durationMs: z.number().nonnegative().optional(),
  questionAnswer: QuestionAnswerRecordSchema.optional(),
  images: z.array(ImageRefSchema).readonly().optional(),
  imageOrder: z.number().int().nonnegative().optional(),
  imageTimestamp: z.number().int().nonnegative().optional(),
  sharedImage: SharedImageSchema.optional(),
  sharedFile: SharedFileSchema.optional(),
  view: z.unknown().optional(),
  viewId: z.string().optional(),
  truncated: z
    .strictObject({
      records: z.number().int().nonnegative(),
      bytes: z.number().int().nonnegative(),
    })
    .optional(),
});
/** One durable trace record. */
export type ToolTraceRecord = z.infer<typeof ToolTraceRecordSchema>;
