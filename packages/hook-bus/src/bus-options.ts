import type { PluginLogger, PluginMutation } from "@elowen/plugin-api";
import { CHAIN_EVENT_NAMES, type ChainEventName } from "@elowen/plugin-api/chains";
import { HOOK_DEFAULT_BUDGET_MS } from "@elowen/plugin-api/limits";
import { describeValue } from "@elowen/plugin-shared/errors";
import type { Clock, Timers } from "./time.js";

/** The budget of one chain hook unless the bus is told otherwise (ours). */
export const CHAIN_HOOK_BUDGET_MS = HOOK_DEFAULT_BUDGET_MS;

/** How a {@link HookBus} is built. Everything is optional. */
export interface HookBusOptions {
  /** The capabilities the operator granted a plugin (`capabilities.mutates`); none by default. */
  readonly grantsOf?: (pluginName: string) => readonly PluginMutation[];
  /** Milliseconds; epoch-based, since a `plugin.shutdown` deadline is epoch ms. `Date.now` by default. */
  readonly clock?: Clock;
  /** The one timer the bus keeps for every budget. Node's by default. */
  readonly timers?: Timers;
  /** The host's logger; plugin lines carry `plugin`. Silent by default. */
  readonly logger?: PluginLogger;
  /** The budget of each chain hook, in ms: one number or per event. {@link CHAIN_HOOK_BUDGET_MS} by default. */
  readonly chainBudgetMs?: number | { readonly [E in ChainEventName]?: number };
  /** How many rows the audit buffer keeps. {@link HOOK_AUDIT_CAPACITY} by default. */
  readonly auditCapacity?: number;
}

interface OptionsToCheck {
  readonly grantsOf?: unknown;
  readonly chainBudgetMs?: unknown;
}

function budget(value: unknown, field: string): number {
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0)
    throw new RangeError(
      `${field} is a positive number of milliseconds, received ${describeValue(value)}`,
    );
  return value;
}

/** Validates the options a bus is built with; returns the chain budget per event. */
export function checkOptions(options: OptionsToCheck): {
  chainBudget: (event: ChainEventName) => number;
} {
  if (options.grantsOf !== undefined && typeof options.grantsOf !== "function")
    throw new TypeError(
      `grantsOf is (pluginName) => readonly PluginMutation[], received ${describeValue(options.grantsOf)}`,
    );
  const raw = options.chainBudgetMs;
  if (raw === undefined) return { chainBudget: () => HOOK_DEFAULT_BUDGET_MS };
  if (typeof raw === "number") {
    const all = budget(raw, "chainBudgetMs");
    return { chainBudget: () => all };
  }
  if (typeof raw !== "object" || raw === null)
    throw new TypeError(
      `chainBudgetMs is a number or { [event]: number }, received ${describeValue(raw)}`,
    );
  const table = new Map<string, number>();
  for (const [event, value] of Object.entries(raw)) {
    if (!(CHAIN_EVENT_NAMES as readonly string[]).includes(event))
      throw new RangeError(`chainBudgetMs.${event}: not a chain event`);
    table.set(event, budget(value, `chainBudgetMs.${event}`));
  }
  return { chainBudget: (event) => table.get(event) ?? HOOK_DEFAULT_BUDGET_MS };
}
