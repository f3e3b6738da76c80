/** `@elowen/plugin-api/chains`. Middleware chains (`ctx.on`): event names, schemas, pinned and engine fields, matchers, refusals. */

export type {
  AnyChainHook,
  ChainContext,
  ChainDispatcher,
  ChainEvent,
  ChainEventName,
  ChainEvents,
  ChainHook,
  ChainInput,
  ChainMatcher,
  ChainNext,
  ChainResult,
  ChainScope,
  DeepReadonly,
  FieldMatcher,
  TurnStepHook,
  TurnStepNext,
  TurnStepStream,
} from "../chains.js";
export {
  CHAIN_ENGINE_FIELDS,
  CHAIN_EVENT_NAMES,
  CHAIN_KEY_FIELDS,
  CHAIN_PINNED_FIELDS,
  CHAIN_REFUSALS,
  CHAIN_SCHEMAS,
  PROMPT_BOX_EVENTS,
} from "../chains.js";
