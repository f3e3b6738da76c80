import type { PluginLogger } from "@elowen/plugin-api";
import { CHAIN_EVENT_NAMES, type ChainEventName } from "@elowen/plugin-api/chains";
import { describeValue, errorMessage } from "@elowen/plugin-shared/errors";
import type { ChainEntry } from "./chain-host.js";
import { compileMatcher } from "./chain-matcher.js";
import { CHAIN_RULES } from "./chain-rules.js";
import { HookBusError } from "./errors.js";
import { checkPluginName } from "./hook-registration.js";

/**
 * Validates `on(pluginName, event, [matcher,] hook)`: a known chain event, a function hook, a
 * matcher naming only fields of the event's input. Returns the entry to keep.
 */
export function chainEntry(
  pluginName: unknown,
  event: unknown,
  matcherOrHook: unknown,
  hook: unknown,
  log: (pluginName: string) => PluginLogger,
): ChainEntry & { readonly event: ChainEventName } {
  checkPluginName(pluginName, "on");
  if (typeof event !== "string" || !(CHAIN_EVENT_NAMES as readonly string[]).includes(event))
    throw new HookBusError(
      "chains.unknown_event",
      `on: ${describeValue(event)} is not a chain event; the events are ${CHAIN_EVENT_NAMES.join(", ")} (lifecycle hooks register with registerHook)`,
      "event",
    );
  const rules = CHAIN_RULES[event as ChainEventName];
  const withMatcher = hook !== undefined;
  const fn = withMatcher ? hook : matcherOrHook;
  if (typeof fn !== "function")
    throw new HookBusError(
      "chains.not_a_function",
      `on("${event}"): the hook is a function ($, e, next) => result, received ${describeValue(fn)}`,
      "hook",
    );
  const logger = log(pluginName);
  const matcher = withMatcher
    ? compileMatcher(rules, matcherOrHook, (field, error) =>
        logger.warn("a matcher predicate threw; the hook is not run for this event", {
          event,
          field,
          error: errorMessage(error),
        }),
      )
    : undefined;
  return {
    pluginName,
    event: event as ChainEventName,
    hook: fn as ChainEntry["hook"],
    matcher,
    log: logger,
  };
}
