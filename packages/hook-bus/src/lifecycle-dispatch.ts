import type { PluginMutation } from "@elowen/plugin-api";
import type { HookName, PluginShutdownPayload } from "@elowen/plugin-api/hooks";
import { HOOK_DEFAULT_BUDGET_MS } from "@elowen/plugin-api/limits";
import { errorMessage } from "@elowen/plugin-shared/errors";
import type { AuditLog } from "./audit-log.js";
import { frozenCopy } from "./chain-snapshot.js";
import type { DeadlineQueue } from "./deadline-queue.js";
import { type HandlerOutcome, HookBatch } from "./hook-batch.js";
import { type HookEntry, hookBudgetMs } from "./hook-registration.js";
import { type ReadResult, readHookResult } from "./hook-result.js";
import type { Clock } from "./time.js";

/** What lifecycle dispatch needs of the bus. */
export interface LifecycleHost {
  readonly clock: Clock;
  readonly queue: DeadlineQueue;
  readonly audit: AuditLog;
  grantsOf(pluginName: string): readonly PluginMutation[];
  entries(name: HookName): readonly HookEntry[];
  /** A handler's synchronous run held the event loop past its budget (see `Quarantine`). */
  blocked(entry: HookEntry, hook: string, blockedMs: number, budgetMs: number): void;
}

/** What `shutdown` reports once the pause is over: plugin names by how their hook ended. */
export interface ShutdownReport {
  readonly completed: readonly string[];
  readonly failed: readonly string[];
  /** Hooks still running at the deadline, left behind so the exit proceeds. */
  readonly abandoned: readonly string[];
}

function record(
  host: LifecycleHost,
  entry: HookEntry,
  name: HookName,
  outcome: HandlerOutcome,
  value: unknown,
  durationMs: number,
  read: ReadResult | undefined,
  at: number,
): void {
  if (outcome === "ok" && read !== undefined) {
    host.audit.record(
      at,
      entry.pluginName,
      name,
      durationMs,
      read.outcome,
      read.detail,
      read.annotations,
    );
    if (read.outcome !== "ok")
      entry.log.warn(`${name} hook: ${read.detail ?? read.outcome}`, { hook: name });
    return;
  }
  const detail =
    outcome === "timeout" ? `ran past its budget; abandoned` : `threw: ${errorMessage(value)}`;
  host.audit.record(at, entry.pluginName, name, durationMs, outcome, detail);
  entry.log.warn(`${name} hook ${outcome === "timeout" ? "timed out" : "failed"}; failing open`, {
    hook: name,
    detail,
  });
}

/** The batch's report of a handler that held the event loop past its budget. */
function blockedBy(
  host: LifecycleHost,
  entries: readonly HookEntry[],
  name: HookName,
): (index: number, blockedMs: number) => void {
  return (index, blockedMs) =>
    host.blocked(entries[index] as HookEntry, name, blockedMs, hookBudgetMs(name));
}

/**
 * Observational dispatch: every handler at once under one deadline, return values discarded
 * (a patch among them is audited as dropped). Resolves when all settled or the budget is spent.
 */
export function emitObservational(
  host: LifecycleHost,
  name: HookName,
  payload: unknown,
): Promise<void> {
  return emitConcurrent(host, name, payload, undefined);
}

/**
 * Concurrent gated dispatch: every handler at once under one deadline, like the observational
 * one, but each patch is read against the hook's shape and the plugin's grants; `visit` sees each
 * honoured patch with its handler's registration index. Resolves when all settled or the budget
 * is spent.
 */
export function emitCollected(
  host: LifecycleHost,
  name: HookName,
  payload: unknown,
  visit: (index: number, entry: HookEntry, patch: Readonly<Record<string, unknown>>) => void,
): Promise<void> {
  return emitConcurrent(host, name, frozenCopy(payload), visit);
}

/** Every handler at once under one deadline; with `visit`, patches are read and honoured. */
function emitConcurrent(
  host: LifecycleHost,
  name: HookName,
  payload: unknown,
  visit:
    | ((index: number, entry: HookEntry, patch: Readonly<Record<string, unknown>>) => void)
    | undefined,
): Promise<void> {
  const entries = host.entries(name);
  const batch = new HookBatch(
    host.clock,
    host.queue,
    entries,
    hookBudgetMs(name),
    (i, outcome, value, ms, at) => {
      const entry = entries[i] as HookEntry;
      const grants = visit === undefined ? [] : host.grantsOf(entry.pluginName);
      const read =
        outcome === "ok" ? readHookResult(name, value, grants, visit !== undefined) : undefined;
      record(host, entry, name, outcome, value, ms, read, at);
      if (visit !== undefined && read?.patch !== undefined) visit(i, entry, read.patch);
    },
    blockedBy(host, entries, name),
  );
  return batch.start(name, payload);
}

/**
 * Gated dispatch: one handler at a time in registration order, each under its own budget, each
 * reading the payload as the host built it (a frozen deep copy). `visit`
 * sees each honoured patch and returns true to stop (later handlers do not run).
 */
export async function emitGated(
  host: LifecycleHost,
  name: HookName,
  payload: unknown,
  visit: (entry: HookEntry, patch: Readonly<Record<string, unknown>>) => boolean,
): Promise<void> {
  const budget = hookBudgetMs(name);
  const entries = host.entries(name);
  if (entries.length === 0) return;
  // One frozen deep copy for all: no handler's edit in place reaches the next one or the host.
  const seen = frozenCopy(payload);
  for (const entry of entries) {
    let read: ReadResult | undefined;
    await new HookBatch(
      host.clock,
      host.queue,
      [entry],
      budget,
      (_i, outcome, value, ms, at) => {
        read =
          outcome === "ok"
            ? readHookResult(name, value, host.grantsOf(entry.pluginName), true)
            : undefined;
        record(host, entry, name, outcome, value, ms, read, at);
      },
      blockedBy(host, [entry], name),
    ).start(name, seen);
    const patch = (read as ReadResult | undefined)?.patch;
    if (patch !== undefined && visit(entry, patch)) return;
  }
}

/**
 * Fires `plugin.shutdown` on every handler at once; the whole teardown has one deadline: the
 * payload's, and no later than the hook budget (2 s). A handler still running then is abandoned.
 */
export async function shutdownHooks(
  host: LifecycleHost,
  payload: PluginShutdownPayload,
): Promise<ShutdownReport> {
  const name = "plugin.shutdown";
  const entries = host.entries(name);
  const untilDeadline = Number.isFinite(payload.deadline)
    ? payload.deadline - host.clock.now()
    : HOOK_DEFAULT_BUDGET_MS;
  const budget = Math.max(0, Math.min(hookBudgetMs(name), untilDeadline));
  const completed: string[] = [];
  const failed: string[] = [];
  const abandoned: string[] = [];
  await new HookBatch(
    host.clock,
    host.queue,
    entries,
    budget,
    (i, outcome, value, ms, at) => {
      const entry = entries[i] as HookEntry;
      const read = outcome === "ok" ? readHookResult(name, value, [], false) : undefined;
      record(host, entry, name, outcome, value, ms, read, at);
      (outcome === "ok" ? completed : outcome === "timeout" ? abandoned : failed).push(
        entry.pluginName,
      );
    },
    blockedBy(host, entries, name),
  ).start(name, payload);
  return { completed, failed, abandoned };
}
