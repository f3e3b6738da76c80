import type { PluginLogger } from "@elowen/plugin-api";
import type { ChainScope } from "@elowen/plugin-api/chains";
import type { AuditLog } from "./audit-log.js";
import type { CompiledMatcher } from "./chain-matcher.js";
import type { ChainRules } from "./chain-rule-types.js";
import type { DeadlineQueue } from "./deadline-queue.js";
import type { Clock } from "./time.js";

/** One hook registered on a chain. */
export interface ChainEntry {
  readonly pluginName: string;
  readonly hook: (...args: never[]) => unknown;
  readonly matcher: CompiledMatcher | undefined;
  readonly log: PluginLogger;
}

/** What a chain invocation needs of the bus that runs it. */
export interface ChainHost {
  readonly queue: DeadlineQueue;
  readonly clock: Clock;
  /** `$.now()`: the clock's `now`, callable unbound. */
  readonly now: () => number;
  /** Records a failed hook in the audit buffer and its plugin's log. */
  failed(
    entry: ChainEntry,
    rules: ChainRules,
    outcome: "timeout" | "error",
    detail: string,
    durationMs: number,
  ): void;
  /** A hook's synchronous run held the event loop past its budget (see `Quarantine`). */
  blocked(entry: ChainEntry, rules: ChainRules, blockedMs: number, budgetMs: number): void;
}

/** One raise of a chain: everything its layers share. */
export interface ChainRun {
  readonly host: ChainHost;
  readonly rules: ChainRules;
  readonly entries: readonly ChainEntry[];
  readonly bottom: (event: never) => unknown;
  /**
   * The engine's frozen snapshot of the input as it raised it: engine fields are restored from it,
   * pinned fields judged against it and read from it (the hooks get a copy, the bottom another).
   */
  readonly engineInput: Readonly<Record<string, unknown>>;
  readonly scope: ChainScope | undefined;
  readonly budgetMs: number;
}

/** True for anything with a callable `then`. */
export function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    value !== null &&
    (typeof value === "object" || typeof value === "function") &&
    typeof (value as { then?: unknown }).then === "function"
  );
}

/** Does nothing; marks a promise's rejection as handled. */
export function noop(): void {}

/** The chain host of a bus: its clock and queue, and failures into its audit and the plugin's log. */
export function chainHost(
  clock: Clock,
  queue: DeadlineQueue,
  audit: AuditLog,
  blocked: (pluginName: string, hook: string, blockedMs: number, budgetMs: number) => void,
): ChainHost {
  return {
    queue,
    clock,
    now: () => clock.now(),
    failed: (entry, rules, outcome, detail, durationMs) => {
      audit.record(clock.now(), entry.pluginName, rules.event, durationMs, outcome, detail);
      entry.log.warn(`${rules.event} hook skipped: ${detail}`, { event: rules.event, outcome });
    },
    blocked: (entry, rules, blockedMs, budgetMs) =>
      blocked(entry.pluginName, rules.event, blockedMs, budgetMs),
  };
}
