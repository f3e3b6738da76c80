import type { Access } from "@elowen/plugin-api/access";
import type { ChatSurface, CommandAlias, CommandProvider } from "@elowen/plugin-api/commands";
import { COMMAND_NAME_PATTERN } from "@elowen/plugin-api/limits";
import { describeValue, errorMessage } from "@elowen/plugin-shared/errors";
import { isThenable } from "../call-scope/thenable.js";

/** How long the catalog waits for one plugin's alias provider before it answers without it. */
export const COMMAND_PROVIDER_BUDGET_MS = 1000;

/** The timer seam of the provider deadline (tests drive it by hand). */
export interface ProviderTimers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const systemTimers: ProviderTimers = {
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/**
 * Asks one plugin's alias provider, treating everything it does as untrusted: a throw of any value
 * (`null` included), a rejection, an answer that is not an array, an alias whose fields are not
 * strings or whose getters throw, and an answer slower than {@link COMMAND_PROVIDER_BUDGET_MS}
 * each leave that provider (or that alias) out, logged with the plugin's name. Never rejects.
 */
export async function askAliasProvider(
  plugin: string,
  provider: CommandProvider,
  request: { readonly access: Access; readonly surface: ChatSurface },
  log: (message: string) => void,
  timers: ProviderTimers = systemTimers,
): Promise<CommandAlias[]> {
  let answer: unknown;
  try {
    answer = provider(request);
    if (isThenable(answer)) answer = await withDeadline(answer, plugin, log, timers);
  } catch (error) {
    log(`command provider of ${plugin} failed: ${errorMessage(error)}`);
    return [];
  }
  if (answer === TIMED_OUT) return [];
  if (!Array.isArray(answer)) {
    log(
      `command provider of ${plugin} answered ${describeValue(answer)}; expected an array of aliases`,
    );
    return [];
  }
  const aliases: CommandAlias[] = [];
  for (const value of answer as unknown[]) {
    const alias = readAlias(value);
    if (typeof alias === "string") log(`command provider of ${plugin}: ${alias}; alias left out`);
    else aliases.push(alias);
  }
  return aliases;
}

const TIMED_OUT: unique symbol = Symbol("timed out");

function withDeadline(
  answer: PromiseLike<unknown>,
  plugin: string,
  log: (message: string) => void,
  timers: ProviderTimers,
): Promise<unknown> {
  let handle: unknown;
  const deadline = new Promise<typeof TIMED_OUT>((resolve) => {
    handle = timers.setTimeout(() => {
      log(
        `command provider of ${plugin} took longer than ${COMMAND_PROVIDER_BUDGET_MS} ms; skipped`,
      );
      resolve(TIMED_OUT);
    }, COMMAND_PROVIDER_BUDGET_MS);
  });
  // Promise.resolve adopts the plugin's thenable inside a job: a throwing `then` rejects, never throws here.
  return Promise.race([Promise.resolve().then(() => answer), deadline]).finally(() =>
    timers.clearTimeout(handle),
  );
}

/** A plain copy of one alias, or why it is left out. Never throws. */
function readAlias(value: unknown): CommandAlias | string {
  try {
    if (typeof value !== "object" || value === null)
      return `an alias is ${describeValue(value)}, not an object`;
    const { name, description, target } = value as Record<string, unknown>;
    if (typeof name !== "string" || !COMMAND_NAME_PATTERN.test(name))
      return `alias name ${describeValue(name)} does not match ${COMMAND_NAME_PATTERN}`;
    if (typeof description !== "string") return `alias /${name} has no string description`;
    if (typeof target !== "string") return `alias /${name} has no string target`;
    return { name, description, target };
  } catch (error) {
    return `an alias cannot be read (${errorMessage(error)})`;
  }
}
