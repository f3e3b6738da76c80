import type { z } from "zod";
import {
  type AttributionTextInput,
  AttributionTextInputSchema,
  type AttributionTextResult,
  AttributionTextResultSchema,
  type PromptAttachmentInput,
  PromptAttachmentInputSchema,
  type PromptAttachmentResult,
  PromptAttachmentResultSchema,
  type PromptComposeInput,
  PromptComposeInputSchema,
  type PromptComposeResult,
  PromptComposeResultSchema,
  type PromptContextInput,
  PromptContextInputSchema,
  type PromptContextResult,
  PromptContextResultSchema,
  type PromptMentionInput,
  PromptMentionInputSchema,
  type PromptMentionResult,
  PromptMentionResultSchema,
  type PromptSectionInput,
  PromptSectionInputSchema,
  type PromptSectionResult,
  PromptSectionResultSchema,
  type PromptSubmitInput,
  PromptSubmitInputSchema,
  type PromptSubmitResult,
  PromptSubmitResultSchema,
} from "./events/prompt.js";
import {
  type PromptAutocompleteInput,
  PromptAutocompleteInputSchema,
  type PromptAutocompleteResult,
  PromptAutocompleteResultSchema,
  type PromptBox,
  PromptBoxSchema,
  type PromptChangeInput,
  PromptChangeInputSchema,
  type PromptChangeResult,
  PromptChangeResultSchema,
  type PromptEditInput,
  PromptEditInputSchema,
  type PromptEditResult,
  PromptEditResultSchema,
  type PromptFillInput,
  PromptFillInputSchema,
  type PromptFillResult,
  PromptFillResultSchema,
  type PromptReadInput,
  PromptReadInputSchema,
  type PromptSuggestInput,
  PromptSuggestInputSchema,
  type PromptSuggestResult,
  PromptSuggestResultSchema,
} from "./events/prompt-box.js";
import {
  type SkillPromptInput,
  SkillPromptInputSchema,
  type SkillPromptResult,
  SkillPromptResultSchema,
} from "./events/skill.js";
import {
  type TurnCompleteInput,
  TurnCompleteInputSchema,
  type TurnCompleteResult,
  TurnCompleteResultSchema,
  type TurnStartInput,
  TurnStartInputSchema,
  type TurnStartResult,
  TurnStartResultSchema,
  type TurnStepChunk,
  type TurnStepInput,
  TurnStepInputSchema,
  type TurnStepResult,
  TurnStepResultSchema,
} from "./events/turn.js";
import type { PluginLogger } from "./logger.js";

/** Every middleware chain, by event name: its input and its result. */
export interface ChainEvents {
  "prompt.submit": { input: PromptSubmitInput; result: PromptSubmitResult };
  "prompt.mention": { input: PromptMentionInput; result: PromptMentionResult };
  "prompt.attachment": { input: PromptAttachmentInput; result: PromptAttachmentResult };
  "prompt.context": { input: PromptContextInput; result: PromptContextResult };
  "prompt.compose": { input: PromptComposeInput; result: PromptComposeResult };
  "prompt.section": { input: PromptSectionInput; result: PromptSectionResult };
  "prompt.edit": { input: PromptEditInput; result: PromptEditResult };
  "prompt.fill": { input: PromptFillInput; result: PromptFillResult };
  "prompt.change": { input: PromptChangeInput; result: PromptChangeResult };
  "prompt.suggest": { input: PromptSuggestInput; result: PromptSuggestResult };
  "prompt.autocomplete": { input: PromptAutocompleteInput; result: PromptAutocompleteResult };
  "prompt.read": { input: PromptReadInput; result: PromptBox };
  "skill.prompt": { input: SkillPromptInput; result: SkillPromptResult };
  "turn.start": { input: TurnStartInput; result: TurnStartResult };
  "turn.step": { input: TurnStepInput; result: TurnStepResult };
  "turn.complete": { input: TurnCompleteInput; result: TurnCompleteResult };
  "attribution.text": { input: AttributionTextInput; result: AttributionTextResult };
}

/** Every chain event name. */
export const CHAIN_EVENT_NAMES = [
  "prompt.submit",
  "prompt.mention",
  "prompt.attachment",
  "prompt.context",
  "prompt.compose",
  "prompt.section",
  "prompt.edit",
  "prompt.fill",
  "prompt.change",
  "prompt.suggest",
  "prompt.autocomplete",
  "prompt.read",
  "skill.prompt",
  "turn.start",
  "turn.step",
  "turn.complete",
  "attribution.text",
] as const satisfies readonly (keyof ChainEvents)[];
/** One chain event name. */
export type ChainEventName = keyof ChainEvents;
/** The input of a chain event. */
export type ChainInput<E extends ChainEventName> = ChainEvents[E]["input"];
/** The result of a chain event. */
export type ChainResult<E extends ChainEventName> = ChainEvents[E]["result"];
/** Every field name of an event's input, across the members of a union input. */
export type ChainInputField<E extends ChainEventName> = KeysOfUnion<ChainInput<E>> & string;
type KeysOfUnion<T> = T extends unknown ? keyof T : never;

/** The chains raised by the clients' prompt box rather than by a turn. */
export const PROMPT_BOX_EVENTS = [
  "prompt.edit",
  "prompt.fill",
  "prompt.change",
  "prompt.suggest",
  "prompt.autocomplete",
  "prompt.read",
] as const satisfies readonly ChainEventName[];

/** Input and result schemas per event: what the hook bus validates a hook's values against. */
export const CHAIN_SCHEMAS: {
  readonly [E in ChainEventName]: { readonly input: z.ZodType; readonly result: z.ZodType };
} = {
  "prompt.submit": { input: PromptSubmitInputSchema, result: PromptSubmitResultSchema },
  "prompt.mention": { input: PromptMentionInputSchema, result: PromptMentionResultSchema },
  "prompt.attachment": { input: PromptAttachmentInputSchema, result: PromptAttachmentResultSchema },
  "prompt.context": { input: PromptContextInputSchema, result: PromptContextResultSchema },
  "prompt.compose": { input: PromptComposeInputSchema, result: PromptComposeResultSchema },
  "prompt.section": { input: PromptSectionInputSchema, result: PromptSectionResultSchema },
  "prompt.edit": { input: PromptEditInputSchema, result: PromptEditResultSchema },
  "prompt.fill": { input: PromptFillInputSchema, result: PromptFillResultSchema },
  "prompt.change": { input: PromptChangeInputSchema, result: PromptChangeResultSchema },
  "prompt.suggest": { input: PromptSuggestInputSchema, result: PromptSuggestResultSchema },
  "prompt.autocomplete": {
    input: PromptAutocompleteInputSchema,
    result: PromptAutocompleteResultSchema,
  },
  "prompt.read": { input: PromptReadInputSchema, result: PromptBoxSchema },
  "skill.prompt": { input: SkillPromptInputSchema, result: SkillPromptResultSchema },
  "turn.start": { input: TurnStartInputSchema, result: TurnStartResultSchema },
  "turn.step": { input: TurnStepInputSchema, result: TurnStepResultSchema },
  "turn.complete": { input: TurnCompleteInputSchema, result: TurnCompleteResultSchema },
  "attribution.text": { input: AttributionTextInputSchema, result: AttributionTextResultSchema },
};

/**
 * Pinned fields per event: facts that are the engine's. A hook that passes an event on
 * with one of these left out has it put back; one that changes it is refused, which fails that
 * hook. `prompt.change`'s fields are all the engine's.
 */
export const CHAIN_PINNED_FIELDS: {
  readonly [E in ChainEventName]: readonly (keyof ChainInput<E> & string)[];
} = {
  "prompt.submit": ["origin", "command", "isMeta", "turnId", "wait"],
  "prompt.mention": ["mention", "agentId"],
  "prompt.attachment": ["type", "origin", "agentId", "detail"],
  "prompt.context": [],
  "prompt.compose": ["model"],
  "prompt.section": ["name"],
  "prompt.edit": ["origin", "key"],
  "prompt.fill": ["origin"],
  "prompt.change": ["text", "cursor", "origin"],
  "prompt.suggest": ["origin"],
  "prompt.autocomplete": ["text", "cursor", "token", "start"],
  "prompt.read": [],
  "skill.prompt": ["skill", "frontmatterProblem", "source", "pluginName", "path"],
  "turn.start": ["turnId", "agentId"],
  "turn.step": ["turnId", "index", "messageCount", "agentId"],
  "turn.complete": [
    "answer",
    "durationMs",
    "isAborted",
    "turnId",
    "agentId",
    "usage",
    "reason",
    "refusal",
  ],
  "attribution.text": ["kind"],
};

/**
 * Engine-owned fields a hook cannot change and is not failed for: whatever a hook passes down,
 * the hooks beneath read the engine's value (`PromptSubmitAttachment.id`).
 */
export const CHAIN_ENGINE_FIELDS: {
  readonly [E in ChainEventName]?: readonly (keyof ChainInput<E> & string)[];
} = {
  "prompt.submit": ["attachments"],
};

/** The field a matcher usually narrows on, per event (any input field may be matched). */
export const CHAIN_KEY_FIELDS: { readonly [E in ChainEventName]?: ChainInputField<E> } = {
  "prompt.mention": "mention",
  "prompt.attachment": "type",
  "prompt.compose": "model",
  "prompt.section": "name",
  "prompt.autocomplete": "token",
  "skill.prompt": "skill",
  "turn.step": "model",
  "attribution.text": "kind",
};

/** Refusal forms per event: `prompt.submit` may answer `{ drop }`, `prompt.mention` `{ deny }`. */
export const CHAIN_REFUSALS: { readonly [E in ChainEventName]?: "drop" | "deny" } = {
  "prompt.submit": "drop",
  "prompt.mention": "deny",
};

/** What a chain hook receives as `$`. */
export interface ChainContext {
  readonly pluginName: string;
  /** Fires when the hook's budget is spent. */
  readonly signal: AbortSignal;
  readonly log: PluginLogger;
  /** Milliseconds on the host's clock. */
  now(): number;
  readonly sessionId?: string;
  readonly userId?: number | null;
}

/** A value with everything in it read-only, at every depth. */
export type DeepReadonly<T> = T extends (...args: never[]) => unknown
  ? T
  : T extends readonly (infer U)[]
    ? readonly DeepReadonly<U>[]
    : T extends object
      ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
      : T;
/**
 * The event a chain hook receives: read-only at every depth. A hook changes what the hooks
 * beneath see by passing a new object (`next({ ...e, text })`); the bus judges pinned fields
 * against the engine's own snapshot, so an edit in place is refused and audited, never read.
 */
export type ChainEvent<E extends ChainEventName> = DeepReadonly<ChainInput<E>>;

/** `next` of a non-streaming chain: passes the event (as received when omitted) down. Call once. */
export type ChainNext<E extends ChainEventName> = (e?: ChainEvent<E>) => Promise<ChainResult<E>>;
/** A streamed `turn.step`: chunks, then the whole response as the generator's return value. */
export type TurnStepStream = AsyncGenerator<TurnStepChunk, TurnStepResult, undefined>;
/** `next` of `turn.step`. */
export type TurnStepNext = (e?: ChainEvent<"turn.step">) => TurnStepStream;

/** A hook on a non-streaming chain: rewrite (`next({ ...e, text })`), answer without `next`, or refuse. */
export type ChainHook<E extends Exclude<ChainEventName, "turn.step">> = (
  $: ChainContext,
  e: ChainEvent<E>,
  next: ChainNext<E>,
) => ChainResult<E> | Promise<ChainResult<E>>;
/**
 * A `turn.step` hook: an async generator that yields the chunks its callers read and returns the
 * response (`return yield* next(e)` passes everything through). `engine` chunks are passed on unread.
 */
export type TurnStepHook = (
  $: ChainContext,
  e: ChainEvent<"turn.step">,
  next: TurnStepNext,
) => AsyncGenerator<TurnStepChunk, TurnStepResult | undefined | void, undefined>;
/** The hook type of any chain event. */
export type AnyChainHook<E extends ChainEventName> = E extends "turn.step"
  ? TurnStepHook
  : E extends Exclude<ChainEventName, "turn.step">
    ? ChainHook<E>
    : never;

/** One condition on a field: a literal, a RegExp (strings only) or a predicate. */
export type FieldMatcher<T> = T | RegExp | ((value: T) => boolean);
/** A matcher narrows which events reach a hook, field by field (all must hold). */
export type ChainMatcher<E extends ChainEventName> = {
  readonly [K in keyof ChainInput<E>]?: FieldMatcher<ChainInput<E>[K]>;
};

/** Who raised a chain, for scoping hooks and context. */
export interface ChainScope {
  readonly sessionId?: string;
  readonly userId?: number | null;
  readonly signal?: AbortSignal;
}

/**
 * The engine side of the chains: implemented by @elowen/hook-bus, used by whoever raises an
 * event. `bottom` is the engine's own implementation, run when every hook has called `next`.
 */
export interface ChainDispatcher {
  /** True when at least one hook is registered for `event` (raising it can then be skipped). */
  has(event: ChainEventName): boolean;
  run<E extends Exclude<ChainEventName, "turn.step">>(
    event: E,
    input: ChainInput<E>,
    bottom: (e: ChainInput<E>) => ChainResult<E> | Promise<ChainResult<E>>,
    scope?: ChainScope,
  ): Promise<ChainResult<E>>;
  stream(
    input: TurnStepInput,
    bottom: (e: TurnStepInput) => TurnStepStream,
    scope?: ChainScope,
  ): TurnStepStream;
}
