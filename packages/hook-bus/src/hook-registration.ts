import type { PluginLogger } from "@elowen/plugin-api";
import {
  HOOK_NAMES,
  type HookName,
  type HookRegistration,
  retiredHookReplacement,
} from "@elowen/plugin-api/hooks";
import { HOOK_BUDGETS_MS, HOOK_DEFAULT_BUDGET_MS } from "@elowen/plugin-api/limits";
import { describeValue } from "@elowen/plugin-shared/errors";
import { HookBusError } from "./errors.js";

/** One lifecycle hook as the bus keeps it. */
export interface HookEntry {
  readonly pluginName: string;
  readonly name: HookName;
  readonly run: HookRegistration["run"];
  readonly log: PluginLogger;
}

/** The budget of a lifecycle hook: 2 s unless `HOOK_BUDGETS_MS` names it. */
export function hookBudgetMs(name: HookName): number {
  return (HOOK_BUDGETS_MS as Readonly<Record<string, number>>)[name] ?? HOOK_DEFAULT_BUDGET_MS;
}

/** Throws unless `pluginName` is a non-empty string. */
export function checkPluginName(pluginName: unknown, where: string): asserts pluginName is string {
  if (typeof pluginName !== "string" || pluginName.trim() === "")
    throw new HookBusError(
      "hooks.invalid_plugin_name",
      `${where}: pluginName is the registering plugin's package name, received ${describeValue(pluginName)}`,
      "pluginName",
    );
}

/**
 * Validates `registerHook(pluginName, { name, run })`: a retired name fails with what replaced
 * it, an unknown name lists the six, and `run` must be a function. Returns the entry to keep.
 */
export function hookEntry(
  pluginName: unknown,
  registration: unknown,
  log: (pluginName: string) => PluginLogger,
): HookEntry {
  checkPluginName(pluginName, "registerHook");
  if (typeof registration !== "object" || registration === null)
    throw new HookBusError(
      "hooks.invalid_registration",
      `registerHook: the registration is { name, run }, received ${describeValue(registration)}`,
      "registration",
    );
  const { name, run } = registration as { name?: unknown; run?: unknown };
  if (typeof name !== "string")
    throw new HookBusError(
      "hooks.unknown_name",
      `registerHook: name is one of ${HOOK_NAMES.join(", ")}, received ${describeValue(name)}`,
      "name",
    );
  const replacement = retiredHookReplacement(name);
  if (replacement !== undefined)
    throw new HookBusError("hooks.retired_name", `registerHook: ${replacement}`, "name");
  if (!(HOOK_NAMES as readonly string[]).includes(name))
    throw new HookBusError(
      "hooks.unknown_name",
      `registerHook: "${name}" is not a lifecycle hook; the hooks are ${HOOK_NAMES.join(", ")} (middleware chains register with on(event, hook))`,
      "name",
    );
  if (typeof run !== "function")
    throw new HookBusError(
      "hooks.not_a_function",
      `registerHook("${name}"): run is a function (payload, { signal, pluginName }) => result, received ${describeValue(run)}`,
      "run",
    );
  return {
    pluginName,
    name: name as HookName,
    // Bound so a registration written as an object with methods keeps its `this`.
    run: (run as HookRegistration["run"]).bind(registration),
    log: log(pluginName),
  };
}
