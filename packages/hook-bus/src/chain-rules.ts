import {
  CHAIN_ENGINE_FIELDS,
  CHAIN_EVENT_NAMES,
  CHAIN_PINNED_FIELDS,
  CHAIN_REFUSALS,
  CHAIN_SCHEMAS,
  type ChainEventName,
} from "@elowen/plugin-api/chains";
import { compileRewriteCheck, type RewriteCheck } from "./chain-rewrite.js";
import {
  acceptsUndefined,
  fieldTest,
  hasObjectChecks,
  objectShapes,
  type SchemaLike,
  schemaLike,
} from "./schema-shape.js";

/** What the bus enforces for one chain event, compiled once from the contract's tables. */
export interface ChainRules {
  readonly event: ChainEventName;
  readonly input: SchemaLike;
  readonly result: SchemaLike;
  /** Every field the input may carry (across a union's members): what a matcher may name. */
  readonly inputFields: readonly string[];
  readonly pinned: readonly string[];
  /** Pinned fields whose very key a hook may not add where the engine left it out. */
  readonly pinnedKeys: readonly string[];
  readonly engine: readonly string[];
  /** Pinned and engine fields together. */
  readonly fixed: ReadonlySet<string>;
  /** The fields a hook may rewrite, each with its value test. */
  readonly free: ReadonlyMap<string, (value: unknown) => boolean>;
  /** Rewritable fields that may not be left out of `next(e)`. */
  readonly required: readonly string[];
  /** Run the whole input schema after a rewrite (object-level refinements, unions). */
  readonly wholeCheck: boolean;
  /** The refusal form the event allows, if any. */
  readonly refusal: "drop" | "deny" | undefined;
  /** The result carries `context` that `next`'s answer owns (entries after it are not attached). */
  readonly resultContext: boolean;
  /** Result fields that must be the value the hook received, when present. */
  readonly resultEcho: readonly string[];
  /** The compiled check of an event passed to `next` (see {@link compileRewriteCheck}). */
  readonly checkRewrite: RewriteCheck;
}

/**
 * Result fields that only echo what the hook received: `prompt.submit`'s origin may be put back,
 * never set to another (seed 004, PromptSubmitResult.origin); a `turn.step` result names its step
 * as received (TurnStepResult.turnId / index).
 */
/**
 * Keys a rewrite may not add: an undeclared attachment type has no `detail` key, and a rewrite
 * that adds one is refused (seed 004, UndeclaredAttachmentInput.detail).
 */
const PINNED_KEYS: { readonly [E in ChainEventName]?: readonly string[] } = {
  "prompt.attachment": ["detail"],
};

const RESULT_ECHO: { readonly [E in ChainEventName]?: readonly string[] } = {
  "prompt.submit": ["origin"],
  "turn.step": ["turnId", "index"],
};

function compile(event: ChainEventName): ChainRules {
  const input = schemaLike(CHAIN_SCHEMAS[event].input);
  const result = schemaLike(CHAIN_SCHEMAS[event].result);
  const shapes = objectShapes(input);
  const inputFields = [...new Set(shapes.flatMap((shape) => Object.keys(shape)))];
  const pinned: readonly string[] = CHAIN_PINNED_FIELDS[event];
  const engine: readonly string[] = CHAIN_ENGINE_FIELDS[event] ?? [];
  const fixed = new Set([...pinned, ...engine]);
  const free = new Map<string, (value: unknown) => boolean>();
  const required: string[] = [];
  const single = shapes.length === 1 ? shapes[0] : undefined;
  if (single) {
    for (const [field, schema] of Object.entries(single)) {
      if (fixed.has(field)) continue;
      free.set(field, fieldTest(schema));
      if (!acceptsUndefined(schema)) required.push(field);
    }
  }
  const rules: Omit<ChainRules, "checkRewrite"> = {
    event,
    input,
    result,
    inputFields,
    pinned,
    pinnedKeys: PINNED_KEYS[event] ?? [],
    engine,
    fixed,
    free,
    required,
    wholeCheck: single === undefined || hasObjectChecks(input),
    refusal: CHAIN_REFUSALS[event],
    resultContext: objectShapes(result).some((shape) => "context" in shape),
    resultEcho: RESULT_ECHO[event] ?? [],
  };
  return { ...rules, checkRewrite: compileRewriteCheck(rules as ChainRules) };
}

/** The compiled rules of every chain event. */
export const CHAIN_RULES: { readonly [E in ChainEventName]: ChainRules } = Object.fromEntries(
  CHAIN_EVENT_NAMES.map((event) => [event, compile(event)]),
) as { readonly [E in ChainEventName]: ChainRules };
