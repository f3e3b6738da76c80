import {
  PromptOriginSchema,
  TURN_COMPLETE_REASONS,
  TurnUsageSchema,
} from "@elowen/plugin-api/events";
import { z } from "zod";

/**
 * The kinds of visible journal entries the brain writes. History pages and `entries` events
 * carry them with the same ids the live events named. Hidden entries (turn context, step
 * context, run-boundary notes and records, shared-attachment ownership) never reach a client.
 */
export const ENTRY_KINDS = ["user", "assistant", "tool_result", "turn_end", "compaction"] as const;
/** One visible entry kind. */
export type EntryKind = (typeof ENTRY_KINDS)[number];

/** A model request's token counts and cost, as pi-ai reports them (cost in US dollars). */
export const ModelCallUsageSchema = z.object({
  input: z.number().nonnegative(),
  output: z.number().nonnegative(),
  cacheRead: z.number().nonnegative(),
  cacheWrite: z.number().nonnegative(),
  totalTokens: z.number().nonnegative(),
  cost: z.object({
    input: z.number(),
    output: z.number(),
    cacheRead: z.number(),
    cacheWrite: z.number(),
    total: z.number(),
  }),
});
/** A model request's usage. */
export type ModelCallUsage = z.infer<typeof ModelCallUsageSchema>;

/** `kind: "user"`: the prompt a turn began with. */
export const UserEntryDataSchema = z.object({
  turnId: z.string(),
  /** The submission it came from (absent for a host-made prompt). */
  submissionId: z.string().optional(),
  /** What entered the session (after `prompt.submit`): the words the transcript shows. */
  text: z.string(),
  /** What the model read, when input transforms changed it (a `/skill:name` expansion). */
  modelText: z.string().optional(),
  origin: PromptOriginSchema,
  agentId: z.string().optional(),
});
/** A user entry's data. */
export type UserEntryData = z.infer<typeof UserEntryDataSchema>;

/** One block of an assistant message. Tool-call blocks are drawn as tool rows keyed by `id`. */
export const AssistantBlockSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("text"), text: z.string(), textSignature: z.string().optional() }),
  z.object({
    type: z.literal("thinking"),
    thinking: z.string(),
    thinkingSignature: z.string().optional(),
    redacted: z.boolean().optional(),
  }),
  z.object({
    type: z.literal("toolCall"),
    id: z.string(),
    name: z.string(),
    arguments: z.record(z.string(), z.unknown()),
    thoughtSignature: z.string().optional(),
  }),
]);
/** One block of an assistant message. */
export type AssistantBlock = z.infer<typeof AssistantBlockSchema>;

/**
 * `kind: "assistant"`: one model response (one `turn.step`), committed when it ends. Its id is
 * the `entryId` its `assistant_started` and `assistant_delta` events carried. A response cut by an
 * abort or a provider error keeps what was said, with `partial: true` and the stop reason.
 */
export const AssistantEntryDataSchema = z.object({
  turnId: z.string(),
  agentId: z.string().optional(),
  /** The step's index within the turn, from 0 (`turn.step`'s `index`). */
  step: z.number().int().nonnegative(),
  content: z.array(AssistantBlockSchema),
  stopReason: z.enum(["stop", "length", "toolUse", "error", "aborted"]),
  api: z.string(),
  provider: z.string(),
  model: z.string(),
  /** True for the built-in offline model: every surface labels it. */
  offline: z.boolean().optional(),
  usage: ModelCallUsageSchema,
  /** The provider's error, with any credential removed (stop reason `error`). */
  errorMessage: z.string().optional(),
  /** True when the response did not finish (aborted, failed, or cut off). */
  partial: z.literal(true).optional(),
  responseId: z.string().optional(),
  startedAt: z.number().int(),
  durationMs: z.number().nonnegative(),
});
/** An assistant entry's data. */
export type AssistantEntryData = z.infer<typeof AssistantEntryDataSchema>;

/** A stored image of a tool result: the bytes live in the session's attachments by hash. */
export const StoredImageBlockSchema = z.object({
  type: z.literal("image"),
  mimeType: z.string(),
  hash: z.string(),
  bytes: z.number().int().nonnegative(),
});
/** A tool result's content block as stored: text, or an image reference. */
export const ToolResultBlockSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("text"), text: z.string() }),
  StoredImageBlockSchema,
]);

/**
 * `kind: "tool_result"`: the result of the direct tool call `callId` (a `toolCall` block of an
 * assistant entry). `details` never reaches the model: it carries `questionAnswer` (permission
 * and question records), `toolTrace` (rows of nested work, drawn in place of this call's row) and
 * `ownRow: false`. Read `details.toolTrace` from history, not from a cache: a late settle rewrites
 * it in place.
 */
export const ToolResultEntryDataSchema = z.object({
  turnId: z.string(),
  agentId: z.string().optional(),
  callId: z.string(),
  toolName: z.string(),
  content: z.array(ToolResultBlockSchema),
  details: z.record(z.string(), z.unknown()).optional(),
  isError: z.boolean(),
  startedAt: z.number().int(),
  durationMs: z.number().nonnegative(),
});
/** A tool result entry's data. */
export type ToolResultEntryData = z.infer<typeof ToolResultEntryDataSchema>;

/**
 * `kind: "turn_end"`: a turn settled (`turn.complete`). `interrupted: "restart"` marks a turn the
 * daemon was stopped in the middle of: it is not replayed.
 */
export const TurnEndEntryDataSchema = z.object({
  turnId: z.string(),
  agentId: z.string().optional(),
  reason: z.enum(TURN_COMPLETE_REASONS),
  durationMs: z.number().nonnegative(),
  answer: z.string(),
  usage: TurnUsageSchema.optional(),
  errorMessage: z.string().optional(),
  interrupted: z.literal("restart").optional(),
});
/** A turn end entry's data. */
export type TurnEndEntryData = z.infer<typeof TurnEndEntryDataSchema>;

/** `kind: "compaction"`: older context was summarized; entries from `firstKeptEntryId` are kept. */
export const CompactionEntryDataSchema = z.object({
  summary: z.string(),
  firstKeptEntryId: z.string().nullable(),
  tokensBefore: z.number().int().nonnegative(),
});
/** A compaction entry's data. */
export type CompactionEntryData = z.infer<typeof CompactionEntryDataSchema>;

/** The data schema of each visible entry kind. */
export const ENTRY_DATA_SCHEMAS: {
  readonly user: typeof UserEntryDataSchema;
  readonly assistant: typeof AssistantEntryDataSchema;
  readonly tool_result: typeof ToolResultEntryDataSchema;
  readonly turn_end: typeof TurnEndEntryDataSchema;
  readonly compaction: typeof CompactionEntryDataSchema;
} = {
  user: UserEntryDataSchema,
  assistant: AssistantEntryDataSchema,
  tool_result: ToolResultEntryDataSchema,
  turn_end: TurnEndEntryDataSchema,
  compaction: CompactionEntryDataSchema,
} satisfies Record<EntryKind, z.ZodType>;

/** A visible entry's data, parsed by its kind. */
export type ParsedEntryData =
  | { readonly kind: "user"; readonly data: UserEntryData }
  | { readonly kind: "assistant"; readonly data: AssistantEntryData }
  | { readonly kind: "tool_result"; readonly data: ToolResultEntryData }
  | { readonly kind: "turn_end"; readonly data: TurnEndEntryData }
  | { readonly kind: "compaction"; readonly data: CompactionEntryData };

/**
 * Parses an entry's data by its kind. Undefined for a kind this client does not know (a newer
 * daemon's) or for data that does not match, so a client skips it instead of failing.
 */
export function parseEntryData(entry: {
  readonly kind: string;
  readonly data: unknown;
}): ParsedEntryData | undefined {
  if (!(ENTRY_KINDS as readonly string[]).includes(entry.kind)) return undefined;
  const kind = entry.kind as EntryKind;
  const parsed = ENTRY_DATA_SCHEMAS[kind].safeParse(entry.data);
  return parsed.success ? ({ kind, data: parsed.data } as ParsedEntryData) : undefined;
}
