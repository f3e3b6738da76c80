import {
  CHAIN_ENGINE_FIELDS,
  CHAIN_EVENT_NAMES,
  CHAIN_PINNED_FIELDS,
  CHAIN_REFUSALS,
  CHAIN_SCHEMAS,
  type ChainEventName,
} from "@elowen/plugin-api/chains";
import { compileRewriteCheck } from "./chain-rewrite.js";
import type { ChainRules } from "./chain-rule-types.js";
import {
  acceptsUndefined,
  fieldTest,
  hasObjectChecks,
  objectShapes,
  schemaLike,
} from "./schema-shape.js";

/**
 * Result fields that only echo what the hook received: `prompt.submit`'s origin may be put back,
 * never set to another (`PromptSubmitResult.origin`); a `turn.step` result names its step
 * as received (TurnStepResult.turnId / index).
 */
/**
 * Keys a rewrite may not add: an undeclared attachment type has no `detail` key, and a rewrite
 * that adds one is refused (`UndeclaredAttachmentInput.detail`).
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
