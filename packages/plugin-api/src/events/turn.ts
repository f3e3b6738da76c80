import { z } from "zod";

/** The four token counts of a request, as the API reported them. */
export const ModelUsageSchema = z.strictObject({
  inputTokens: z.number().int().nonnegative(),
  outputTokens: z.number().int().nonnegative(),
  cacheReadInputTokens: z.number().int().nonnegative(),
  cacheCreationInputTokens: z.number().int().nonnegative(),
});
/** The four token counts of a request. */
export type ModelUsage = z.infer<typeof ModelUsageSchema>;
/** What a turn, or one response inside it, cost: the four counts and the model that answered. */
export const TurnUsageSchema = ModelUsageSchema.extend({ model: z.string() });
/** What a turn, or one response inside it, cost. */
export type TurnUsage = z.infer<typeof TurnUsageSchema>;

/** One unit of what `$.session.usage()` answers. */
export const USAGE_UNITS = ["context", "rateLimits", "cost"] as const;
/** One unit of what `$.session.usage()` answers. */
export type UsageUnit = (typeof USAGE_UNITS)[number];

/** What `$.session.usage()` answers, by unit. */
export interface SessionUsage {
  readonly context: {
    readonly usedTokens: number;
    readonly windowTokens: number;
    readonly fraction: number;
  } | null;
  readonly rateLimits:
    | readonly {
        readonly name: string;
        readonly usedPercent: number | null;
        readonly resetsAt: number | null;
      }[]
    | null;
  readonly cost: { readonly totalUsd: number; readonly usage: ModelUsage } | null;
}

/** The input of `turn.start`: the prompt a model turn begins with. */
export const TurnStartInputSchema = z.strictObject({
  text: z.string(),
  turnId: z.string().min(1),
  agentId: z.string().optional(),
});
/** The input of `turn.start`. */
export type TurnStartInput = z.infer<typeof TurnStartInputSchema>;
/** What a `turn.start` hook returns: `{ turnId }`, echoed by core. */
export const TurnStartResultSchema = z.strictObject({ turnId: z.string() });
/** What a `turn.start` hook returns. */
export type TurnStartResult = z.infer<typeof TurnStartResultSchema>;

/** How hard a request asks the model to think. */
export const EFFORT_LEVELS = ["low", "medium", "high", "xhigh", "max"] as const;
/** How hard a request asks the model to think: a level or a token budget. */
export type Effort = (typeof EFFORT_LEVELS)[number] | number;

/** The input of `turn.step`: one model request, about to be sent. Hooks rewrite model and effort only. */
export const TurnStepInputSchema = z.strictObject({
  turnId: z.string(),
  index: z.number().int().nonnegative(),
  model: z.string().min(1),
  effort: z.union([z.enum(EFFORT_LEVELS), z.number().int().positive()]).optional(),
  messageCount: z.number().int().nonnegative(),
  agentId: z.string().optional(),
});
/** The input of `turn.step`. */
export type TurnStepInput = z.infer<typeof TurnStepInputSchema>;

/** Why the model stopped, or null when no response arrived. */
export const TURN_STOP_REASONS = [
  "end_turn",
  "max_tokens",
  "stop_sequence",
  "tool_use",
  "pause_turn",
  "compaction",
  "refusal",
  "model_context_window_exceeded",
] as const;
/** Why the model stopped, or null when no response arrived. */
export type TurnStopReason = (typeof TURN_STOP_REASONS)[number] | null;

/** A piece of visible text. */
export interface TurnStepTextChunk {
  readonly kind: "text";
  readonly index: number;
  readonly text: string;
}
/** A piece of thinking. */
export interface TurnStepThinkingChunk {
  readonly kind: "thinking";
  readonly index: number;
  readonly text: string;
}
/** The start of a tool call in block `index`. A tool chunk that never leaves the chain is no call. */
export interface TurnStepToolChunk {
  readonly kind: "tool";
  readonly index: number;
  readonly id: string;
  readonly name: string;
}
/** A piece of a tool call's JSON arguments. */
export interface TurnStepInputChunk {
  readonly kind: "input";
  readonly index: number;
  readonly json: string;
}
/** The response is whole. */
export interface TurnStepStopChunk {
  readonly kind: "stop";
  readonly stopReason: TurnStopReason;
  readonly usage: TurnUsage | null;
}
/** An engine item the other kinds do not model; pass it on unread. */
export interface TurnStepEngineChunk {
  readonly kind: "engine";
  readonly ref: number;
}
/** One piece of a `turn.step` response as it streams through the chain. */
export type TurnStepChunk =
  | TurnStepTextChunk
  | TurnStepThinkingChunk
  | TurnStepToolChunk
  | TurnStepInputChunk
  | TurnStepStopChunk
  | TurnStepEngineChunk;

const index = z.number().int().nonnegative();
/** Validates a chunk a hook yields. */
export const TurnStepChunkSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("text"), index, text: z.string() }),
  z.strictObject({ kind: z.literal("thinking"), index, text: z.string() }),
  z.strictObject({
    kind: z.literal("tool"),
    index,
    id: z.string().min(1),
    name: z.string().min(1),
  }),
  z.strictObject({ kind: z.literal("input"), index, json: z.string() }),
  z.strictObject({
    kind: z.literal("stop"),
    stopReason: z.enum(TURN_STOP_REASONS).nullable(),
    usage: TurnUsageSchema.nullable(),
  }),
  z.strictObject({ kind: z.literal("engine"), ref: z.number().int() }),
]);

/** One tool call of a step that the API ran itself. */
export interface TurnStepServerToolUse {
  readonly id: string;
  readonly name: string;
  readonly input: unknown;
  readonly startedAt: number;
  readonly endedAt?: number;
}
/** One tool call the model asked the engine to run. */
export interface TurnStepToolUse {
  readonly name: string;
  readonly input: unknown;
}
/** What a `turn.step` hook returns and what `next(e)` resolves to: the whole response. */
export interface TurnStepResult {
  readonly turnId: string;
  readonly index: number;
  readonly answer: string;
  readonly toolUses: readonly TurnStepToolUse[];
  readonly serverToolUses?: readonly TurnStepServerToolUse[];
  readonly stopReason: TurnStopReason;
  readonly usage: TurnUsage | null;
}
/** Validates a `turn.step` result. */
export const TurnStepResultSchema = z.strictObject({
  turnId: z.string(),
  index,
  answer: z.string(),
  toolUses: z.array(z.strictObject({ name: z.string(), input: z.unknown() })).readonly(),
  serverToolUses: z
    .array(
      z.strictObject({
        id: z.string(),
        name: z.string(),
        input: z.unknown(),
        startedAt: z.number(),
        endedAt: z.number().optional(),
      }),
    )
    .readonly()
    .optional(),
  stopReason: z.enum(TURN_STOP_REASONS).nullable(),
  usage: TurnUsageSchema.nullable(),
});

/** Why a turn ended. */
export const TURN_COMPLETE_REASONS = ["answer", "aborted", "refusal", "error"] as const;
/** Why a turn ended. */
export type TurnCompleteReason = (typeof TURN_COMPLETE_REASONS)[number];
/** What the API said about a refusal. */
export interface TurnRefusal {
  readonly category: string | null;
  readonly explanation: string | null;
}
/** What every `turn.complete` carries. */
export interface TurnCompleteFields {
  readonly answer: string;
  readonly durationMs: number;
  readonly isAborted: boolean;
  readonly turnId: string;
  readonly agentId?: string;
  readonly usage?: TurnUsage;
}
/** The end of a refused turn. */
export interface TurnCompleteRefused {
  readonly reason: "refusal";
  readonly refusal: TurnRefusal;
}
/** The end of a turn that was not a refusal. */
export interface TurnCompleteUnrefused {
  readonly reason: Exclude<TurnCompleteReason, "refusal">;
  readonly refusal?: undefined;
}
/** The input of `turn.complete`. */
export type TurnCompleteInput = TurnCompleteFields & (TurnCompleteRefused | TurnCompleteUnrefused);
/** Validates a `turn.complete` input. */
export const TurnCompleteInputSchema = z.strictObject({
  answer: z.string(),
  durationMs: z.number().nonnegative(),
  isAborted: z.boolean(),
  turnId: z.string(),
  agentId: z.string().optional(),
  usage: TurnUsageSchema.optional(),
  reason: z.enum(TURN_COMPLETE_REASONS),
  refusal: z
    .strictObject({ category: z.string().nullable(), explanation: z.string().nullable() })
    .optional(),
});
/** What a `turn.complete` hook returns: `{ text }`, shown beneath a non-main-loop answer. */
export const TurnCompleteResultSchema = z.strictObject({
  text: z.string(),
  usage: TurnUsageSchema.optional(),
});
/** What a `turn.complete` hook returns. */
export type TurnCompleteResult = z.infer<typeof TurnCompleteResultSchema>;
