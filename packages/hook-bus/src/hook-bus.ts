import type { PluginLogger, PluginMutation } from "@elowen/plugin-api";
import {
  type AnyChainHook,
  CHAIN_EVENT_NAMES,
  type ChainDispatcher,
  type ChainEventName,
  type ChainInput,
  type ChainMatcher,
  type ChainResult,
  type ChainScope,
  type TurnStepStream,
} from "@elowen/plugin-api/chains";
import type { TurnStepInput } from "@elowen/plugin-api/events";
import {
  HOOK_NAMES,
  type HookName,
  type HookPayloads,
  type HookRegistration,
  type PluginShutdownPayload,
  type SessionBeforeSpawnPayload,
  type ToolCallAfterPayload,
  type ToolCallBeforePayload,
} from "@elowen/plugin-api/hooks";
import type { RunBoundaryPayload } from "@elowen/plugin-api/run-boundary";
import { errorMessage } from "@elowen/plugin-shared/errors";
import { AuditLog, HOOK_AUDIT_CAPACITY, type HookAuditEntry } from "./audit-log.js";
import { checkOptions, type HookBusOptions } from "./bus-options.js";
import { type ChainEntry, type ChainHost, type ChainRun, chainHost } from "./chain-host.js";
import { callBottom, runFrom } from "./chain-invocation.js";
import { chainEntry } from "./chain-registration.js";
import type { ChainRules } from "./chain-rule-types.js";
import { CHAIN_RULES } from "./chain-rules.js";
import { chainSnapshot, eventCopy } from "./chain-snapshot.js";
import { DeadlineQueue } from "./deadline-queue.js";
import { HookBusError, unknownEvent, unknownHook } from "./errors.js";
import {
  boundaryPatches,
  firstDenial,
  firstPersona,
  type HookDenial,
  type HookPersona,
  type HookResultAppend,
  type RunBoundaryHookPatch,
  resultAppends,
  type ToolCallVerdict,
  toolCallVerdict,
} from "./gated-dispatch.js";
import { type HookEntry, hookEntry } from "./hook-registration.js";
import {
  emitObservational,
  type LifecycleHost,
  type ShutdownReport,
  shutdownHooks,
} from "./lifecycle-dispatch.js";
import { pluginLogger, silentLogger } from "./plugin-log.js";
import { Quarantine, type QuarantinedPlugin } from "./quarantine.js";
import { callStepBottom, streamFrom } from "./step-invocation.js";
import { type Clock, systemClock, systemTimers } from "./time.js";

/** The hooks of one chain event and what a raise of it needs. */
interface ChainLane {
  readonly entries: readonly ChainEntry[];
  readonly rules: ChainRules;
  readonly budgetMs: number;
}

/**
 * Lifecycle hooks and middleware chains for one host. Registration validates and throws
 * {@link HookBusError}; dispatch never throws for anything a hook does: hooks fail open within
 * their budgets, and every lifecycle invocation (and every failed chain hook) is audited.
 */
export class HookBus implements ChainDispatcher {
  readonly #clock: Clock;
  readonly #queue: DeadlineQueue;
  readonly #audit: AuditLog;
  readonly #grantsOf: (pluginName: string) => readonly PluginMutation[];
  readonly #logger: PluginLogger;
  readonly #logs = new Map<string, PluginLogger>();
  readonly #hooks = new Map<HookName, readonly HookEntry[]>();
  /** One lane per chain event, replaced whole when its hooks change (a raise reads one snapshot). */
  readonly #chains: { [E in ChainEventName]: ChainLane };
  /** Every chain hook registered, quarantined or not, per event in registration order. */
  readonly #chainEntries = new Map<ChainEventName, readonly ChainEntry[]>();
  readonly #quarantine: Quarantine;
  readonly #chainHost: ChainHost;
  readonly #lifecycle: LifecycleHost;
  #shutdown: Promise<ShutdownReport> | undefined;

  constructor(options: HookBusOptions = {}) {
    const checked = checkOptions(options);
    this.#clock = options.clock ?? systemClock;
    this.#queue = new DeadlineQueue(this.#clock, options.timers ?? systemTimers);
    this.#audit = new AuditLog(options.auditCapacity ?? HOOK_AUDIT_CAPACITY);
    this.#grantsOf = options.grantsOf ?? (() => []);
    this.#logger = options.logger ?? silentLogger;
    for (const name of HOOK_NAMES) this.#hooks.set(name, []);
    const lanes: Partial<Record<ChainEventName, ChainLane>> = {};
    for (const event of CHAIN_EVENT_NAMES)
      lanes[event] = {
        entries: [],
        rules: CHAIN_RULES[event],
        budgetMs: checked.chainBudget(event),
      };
    this.#chains = lanes as { [E in ChainEventName]: ChainLane };
    this.#quarantine = new Quarantine(() => {
      for (const event of CHAIN_EVENT_NAMES) this.#refreshLane(event);
    });
    const blocked = (pluginName: string, hook: string, blockedMs: number, budgetMs: number) =>
      this.#blocked(pluginName, hook, blockedMs, budgetMs);
    this.#chainHost = chainHost(this.#clock, this.#queue, this.#audit, blocked);
    this.#lifecycle = {
      clock: this.#clock,
      queue: this.#queue,
      audit: this.#audit,
      grantsOf: (pluginName) => {
        try {
          return this.#grantsOf(pluginName);
        } catch (error) {
          this.#log(pluginName).error("grantsOf failed; no capability is honoured for this hook", {
            error: errorMessage(error),
          });
          return [];
        }
      },
      entries: (name) => this.#activeHooks(name),
      blocked: (entry, hook, blockedMs, budgetMs) =>
        blocked(entry.pluginName, hook, blockedMs, budgetMs),
    };
  }

  /**
   * Registers a lifecycle hook for `pluginName`. Throws {@link HookBusError} for a retired name
   * (naming its replacement), an unknown name, or a `run` that is not a function. Returns a
   * function that removes it.
   */
  registerHook<N extends HookName>(
    pluginName: string,
    registration: HookRegistration<N>,
  ): () => void {
    const entry = hookEntry(pluginName, registration, (name) => this.#log(name));
    return this.#add(this.#hooks, entry.name, entry);
  }

  /**
   * Registers a middleware hook on a chain: `hook($, e, next)`, optionally narrowed by a matcher
   * (`{ token: /^#/ }`). Throws {@link HookBusError} for an unknown event, a non-function hook,
   * or a matcher naming a field the event's input does not have. Returns a function that removes it.
   */
  on<E extends ChainEventName>(pluginName: string, event: E, hook: AnyChainHook<E>): () => void;
  on<E extends ChainEventName>(
    pluginName: string,
    event: E,
    matcher: ChainMatcher<E>,
    hook: AnyChainHook<E>,
  ): () => void;
  on(
    pluginName: string,
    event: ChainEventName,
    matcherOrHook: unknown,
    hook?: unknown,
  ): () => void {
    const entry = chainEntry(pluginName, event, matcherOrHook, hook, (name) => this.#log(name));
    const key = entry.event;
    this.#chainEntries.set(key, [...(this.#chainEntries.get(key) ?? []), entry]);
    this.#refreshLane(key);
    return () => {
      const kept = (this.#chainEntries.get(key) ?? []).filter((other) => other !== entry);
      this.#chainEntries.set(key, kept);
      this.#refreshLane(key);
    };
  }

  /**
   * The plugins whose hooks the bus stopped calling because one held the event loop past its
   * budget (synchronous work: no promise budget can bound it), in the order they were stopped.
   */
  quarantined(): readonly QuarantinedPlugin[] {
    return this.#quarantine.list();
  }

  /**
   * Lets a quarantined plugin's hooks be called again: the operator's decision, after fixing or
   * accepting it. True when the plugin was in quarantine.
   */
  release(pluginName: string): boolean {
    const released = this.#quarantine.release(pluginName);
    if (released)
      this.#log(pluginName).info("released from quarantine; its hooks are called again");
    return released;
  }

  /**
   * True when at least one lifecycle hook is registered for `name` now (false for a name that is
   * not one of the six). A host may skip work it does only for hooks, such as keeping a result
   * apart until `brain.run.beforeSettle` handlers ran; a hook registered later counts from then.
   */
  hasHook(name: HookName): boolean {
    return (this.#hooks.get(name)?.length ?? 0) > 0;
  }

  /** True when at least one hook is registered on `event`. */
  has(event: ChainEventName): boolean {
    return (this.#chains[event]?.entries.length ?? 0) > 0;
  }

  /**
   * Raises a non-streaming chain: the first registered hook sees `input` first; `bottom` is the
   * engine's own implementation. With no hooks this is a call of `bottom`. Rejects only with
   * `bottom`'s own error (or for an unknown event).
   */
  run<E extends Exclude<ChainEventName, "turn.step">>(
    event: E,
    input: ChainInput<E>,
    bottom: (e: ChainInput<E>) => ChainResult<E> | Promise<ChainResult<E>>,
    scope?: ChainScope,
  ): Promise<ChainResult<E>> {
    const lane = this.#chains[event];
    if (lane === undefined || event === ("turn.step" as ChainEventName))
      return Promise.reject(unknownEvent(event, "run"));
    if (lane.entries.length === 0) return callBottom(bottom, input);
    const run = this.#chainRun(lane, bottom, input, scope);
    return runFrom(run, 0, eventCopy(run.engineInput)) as Promise<ChainResult<E>>;
  }

  /**
   * Raises `turn.step`, the streaming chain: hooks are async generators over `next(e)`'s chunks;
   * `bottom` is the engine's stream. See the README for what a failing hook leaves behind.
   */
  stream(
    input: TurnStepInput,
    bottom: (e: TurnStepInput) => TurnStepStream,
    scope?: ChainScope,
  ): TurnStepStream {
    const lane = this.#chains["turn.step"];
    if (lane.entries.length === 0) return callStepBottom(bottom, input);
    const run = this.#chainRun(lane, bottom, input, scope);
    return streamFrom(run, 0, eventCopy(run.engineInput));
  }

  /**
   * Observational dispatch: all of `name`'s handlers at once, results discarded. Resolves when
   * every handler settled or its budget is spent; never rejects for a handler's doing.
   * `plugin.shutdown` is fired by {@link HookBus.shutdown} alone.
   */
  emit<N extends Exclude<HookName, "plugin.shutdown">>(
    name: N,
    payload: HookPayloads[N],
  ): Promise<void> {
    if ((name as HookName) === "plugin.shutdown")
      return Promise.reject(
        new HookBusError(
          "hooks.shutdown_via_emit",
          "emit: plugin.shutdown fires once, through shutdown(payload)",
          "name",
        ),
      );
    if (!this.#hooks.has(name)) return Promise.reject(unknownHook(name));
    return emitObservational(this.#lifecycle, name, payload);
  }

  /**
   * `tools.call.before`, gated: handlers one at a time in registration order; the first
   * `denyToolCall` from a plugin granted `mutates: ["tools"]` is returned and later handlers do
   * not run. Undefined when the call may proceed.
   */
  emitBlocking(
    name: "tools.call.before",
    payload: ToolCallBeforePayload,
  ): Promise<HookDenial | undefined> {
    if (name !== "tools.call.before") return Promise.reject(unknownHook(name));
    return firstDenial(this.#lifecycle, payload);
  }

  /**
   * `tools.call.before`, gated as {@link HookBus.emitBlocking}, with its other decision: when no
   * hook denies the call, the last `updateArgs` from a plugin granted `mutates: ["tools"]` (each
   * hook reads the model's arguments). The caller checks the new arguments against the tool.
   */
  emitToolCallBefore(payload: ToolCallBeforePayload): Promise<ToolCallVerdict> {
    return toolCallVerdict(this.#lifecycle, payload);
  }

  /**
   * `tools.call.after`: observational (resolves at once with none) unless a plugin granted
   * `mutates: ["tools"]` has a handler; then every handler runs at once within the hook's budget
   * and each honoured `appendResult` is returned in registration order, for the caller to add to
   * the result the model reads.
   */
  emitToolCallAfter(payload: ToolCallAfterPayload): Promise<readonly HookResultAppend[]> {
    return resultAppends(this.#lifecycle, payload);
  }

  /**
   * `brain.session.beforeSpawn`, gated: every handler runs in registration order; the first
   * non-empty `persona` from a plugin granted `mutates: ["prompt"]` wins for the session.
   */
  emitPersona(payload: SessionBeforeSpawnPayload): Promise<HookPersona | undefined> {
    return firstPersona(this.#lifecycle, payload);
  }

  /**
   * `brain.run.beforeSettle`, gated: every handler runs in registration order; returns each
   * honoured `boundary` patch (plugin granted `mutates: ["runBoundary"]`, shape checked) in that
   * order. Caps and continuation policy are @elowen/run-boundary's.
   */
  emitRunBoundary(payload: RunBoundaryPayload): Promise<readonly RunBoundaryHookPatch[]> {
    return boundaryPatches(this.#lifecycle, payload);
  }

  /**
   * Fires `plugin.shutdown` once (later calls return the first call's report) on every handler
   * at once, bounded by one deadline: `payload.deadline`, and no later than the hook budget.
   */
  shutdown(payload: PluginShutdownPayload): Promise<ShutdownReport> {
    this.#shutdown ??= shutdownHooks(this.#lifecycle, payload);
    return this.#shutdown;
  }

  /** The hook audit buffer, oldest row first: for administrators. */
  audit(): readonly HookAuditEntry[] {
    return this.#audit.read();
  }

  /** Clears the bus's one timer (pending budgets then lapse only if the bus is used again). */
  close(): void {
    this.#queue.close();
  }

  #chainRun(
    lane: ChainLane,
    bottom: unknown,
    input: unknown,
    scope: ChainScope | undefined,
  ): ChainRun {
    return {
      host: this.#chainHost,
      rules: lane.rules,
      entries: lane.entries,
      bottom: bottom as ChainRun["bottom"],
      engineInput: chainSnapshot(lane.rules, input as Record<string, unknown>),
      scope,
      budgetMs: lane.budgetMs,
    };
  }

  /** Rebuilds an event's lane from its registered hooks, leaving quarantined plugins out. */
  #refreshLane(event: ChainEventName): void {
    const all = this.#chainEntries.get(event) ?? [];
    const quarantine = this.#quarantine;
    const entries =
      quarantine.size === 0 ? all : all.filter((entry) => !quarantine.has(entry.pluginName));
    this.#chains[event] = { ...this.#chains[event], entries };
  }

  /** An event's lifecycle handlers, leaving quarantined plugins out. */
  #activeHooks(name: HookName): readonly HookEntry[] {
    const all = this.#hooks.get(name) ?? [];
    const quarantine = this.#quarantine;
    return quarantine.size === 0 ? all : all.filter((entry) => !quarantine.has(entry.pluginName));
  }

  /** A hook held the event loop past its budget: audit it and quarantine its plugin. */
  #blocked(pluginName: string, hook: string, blockedMs: number, budgetMs: number): void {
    const at = this.#clock.now();
    if (!this.#quarantine.add({ pluginName, hook, blockedMs, budgetMs, at })) return;
    const detail = `blocked the event loop for ${blockedMs} ms (budget ${budgetMs} ms): quarantined, none of its hooks is called until an operator releases it`;
    this.#audit.record(at, pluginName, hook, blockedMs, "error", detail);
    this.#log(pluginName).error(`${hook} hook ${detail}`, { hook, blockedMs, budgetMs });
  }

  #add<K, T>(map: Map<K, readonly T[]>, key: K, entry: T): () => void {
    map.set(key, [...(map.get(key) ?? []), entry]);
    return () => {
      map.set(
        key,
        (map.get(key) ?? []).filter((kept) => kept !== entry),
      );
    };
  }

  #log(pluginName: string): PluginLogger {
    let log = this.#logs.get(pluginName);
    if (log === undefined) {
      log = pluginLogger(this.#logger, pluginName);
      this.#logs.set(pluginName, log);
    }
    return log;
  }
}
