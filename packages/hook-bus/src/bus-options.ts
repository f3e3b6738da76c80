import { CHAIN_EVENT_NAMES, type ChainEventName, HOOK_DEFAULT_BUDGET_MS } from "@elowen/plugin-api";
import { describeValue } from "./errors.js";

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

/** Calls the engine's bottom directly: the whole cost of a chain with no hooks. */
export function callBottom<I, R>(bottom: (e: I) => R | Promise<R>, input: I): Promise<R> {
  try {
    const answer = bottom(input);
    return answer instanceof Promise ? answer : Promise.resolve(answer);
  } catch (error) {
    return Promise.reject(error);
  }
}
