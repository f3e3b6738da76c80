import { z } from "zod";
import { SHARE_CAPTION_CHARS } from "./limits.js";
import { QuestionAnswerRecordSchema } from "./questions.js";
import type { PluginTool, ToolResult } from "./tools.js";

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

/**
 * A producer's sink (seed 000, Rows for work the model did not call). `call` opens a row with a
 * host-minted id, passes that id to `execute` as the call id, settles the row and records its
 * durable twin; `note` adds a progress line; `drain` returns the records not yet reported, for
 * `details.toolTrace` of the result of `reportingCallId`. Each record is reported exactly once.
 */
export interface CodeModeTraceSink {
  call(
    name: string,
    args: unknown,
    execute: (rowId: string) => Promise<ToolResult>,
  ): Promise<ToolResult>;
  note(text: string): void;
  drain(reportingCallId: string): ToolTraceRecord[];
}

/** A fully gated tool the host hands a code-mode composition: hooks, permission gate and answer records apply. */
export interface NestedTool {
  readonly name: string;
  readonly description: string;
  /** JSON Schema of the arguments. */
  readonly parameters: unknown;
  /**
   * True for a tool only the model may call (as ShowView): a code-mode producer never offers it to
   * scripts, whether or not the host also leaves it out of `tools`.
   */
  readonly modelOnly?: boolean;
  execute(callId: string, args: unknown, signal?: AbortSignal): Promise<ToolResult>;
}

/** What the host passes a code-mode control for one turn. */
export interface CodeModeCompositionRequest {
  readonly sessionId: string;
  readonly turnId: string;
  readonly userId: number | null;
  /** Tools scripts may call (ShowView and other model-only tools are excluded). */
  readonly tools: readonly NestedTool[];
  /** A sink per producer id; the same id returns the same sink for the whole turn. */
  trace(producerId: string): CodeModeTraceSink;
  readonly signal: AbortSignal;
}

/** What a code-mode control composes: wrapper tools, and the direct tools it takes over. */
export interface CodeModeComposition {
  readonly tools: readonly PluginTool[];
  /** Direct tools to withdraw from the model's surface because the wrapper offers them. */
  readonly hide?: readonly string[];
}

/** The seam between the host and a code-mode plugin. */
export interface CodeModeControl {
  /** Composes the turn's wrapper tools; undefined leaves the direct tool surface. */
  compose(
    request: CodeModeCompositionRequest,
  ): CodeModeComposition | undefined | Promise<CodeModeComposition | undefined>;
  /**
   * The note for a wrapper call being written, from its partial arguments (raw JSON text), or
   * undefined while there is none. Called at most once per AUTHORING_THROTTLE_MS per streaming call.
   */
  authoringReason?(toolName: string, partialArguments: string): string | undefined;
}
