import type { Access } from "@elowen/plugin-api/access";
import type { PromptOrigin } from "@elowen/plugin-api/events";
import type { PermissionOutcome } from "@elowen/plugin-api/questions";
import { ElowenError } from "@elowen/plugin-shared/errors";
import type { SessionState } from "@elowen/wire";
import { StoreError } from "../store/store-error.js";
import { type AgentServices, agentServices } from "./agents/agent-services.js";
import type { BrainHost } from "./host/brain-host.js";
import { type AnswerRefusal, AskBroker } from "./interactive/ask-broker.js";
import { recoverInterruptedTurns } from "./session/recovery.js";
import { SessionRuntime } from "./session/session-runtime.js";
import type { ToolDef } from "./tools/tool-def.js";
import type { BrainContext, ComposedTools, SettledExchange } from "./turn/brain-context.js";
import { type SubmitOutcome, submitPrompt } from "./turn/submit.js";
import type { OpenedTurn } from "./turn/turn-plan.js";
import type { TurnProgress } from "./turn/turn-progress.js";

/** The daemon is pausing to stop: it takes no new turns (HTTP 503). Code `brain.paused`. */
export class PausedError extends ElowenError<"brain.paused"> {
  override readonly name = "PausedError";
  constructor() {
    super({
      code: "brain.paused",
      summary: "the daemon is stopping and takes no new turns; submit again once it has restarted",
    });
  }
}

/** Extension points the brain's later parts (code mode, share tools) fill in. */
export interface BrainParts {
  hostTools?(brain: BrainContext, turn: OpenedTurn, progress: TurnProgress): ToolDef[];
  composeTools?(
    brain: BrainContext,
    turn: OpenedTurn,
    progress: TurnProgress,
    tools: ToolDef[],
  ): Promise<ComposedTools>;
}

/**
 * The brain: sessions and turns on the pi toolkit. It owns the per-session queues, the running
 * turns, the question and permission broker, and the turn-bound services plugins reach through
 * their context. Built once per daemon, after plugins loaded and before the server listens.
 */
export class Brain {
  readonly context: BrainContext;
  readonly #runtimes = new Map<string, SessionRuntime>();

  constructor(host: BrainHost, parts: BrainParts = {}) {
    const runtimes = this.#runtimes;
    const kept = host.config.sessionsKept;
    const context: BrainContext = {
      host,
      asks: new AskBroker(host.events, host.config.askTimeoutMs, host.clock.now, host.ids),
      turns: new Map(),
      runtime(sessionId) {
        let runtime = runtimes.get(sessionId);
        if (runtime) {
          // Most recently used last: the map's order is the eviction order.
          runtimes.delete(sessionId);
          runtimes.set(sessionId, runtime);
          return runtime;
        }
        runtime = new SessionRuntime(sessionId);
        runtimes.set(sessionId, runtime);
        if (runtimes.size > kept) evictIdle(context, runtimes, kept, sessionId);
        return runtime;
      },
      hostTools: (turn, progress) => parts.hostTools?.(context, turn, progress) ?? [],
      composeTools: async (turn, progress, tools) =>
        parts.composeTools ? parts.composeTools(context, turn, progress, tools) : { tools },
      settledListeners: new Set(),
    };
    this.context = context;
  }

  /**
   * The sessions holding in-memory state now, least recently used first: at most
   * `brain.sessionsKept` of them unless more are busy or have connected clients.
   */
  sessionsInMemory(): readonly string[] {
    return [...this.#runtimes.keys()];
  }

  /** Marks turns a previous daemon was stopped in the middle of (call before serving). */
  recover(): Promise<number> {
    const { host } = this.context;
    const { store, journal, clock, log, ids } = host;
    return recoverInterruptedTurns(store, journal, clock.now, log, undefined, ids);
  }

  /** Submits a prompt to a session (origin already stamped). Throws {@link PausedError}. */
  async submit(request: {
    readonly sessionId: string;
    readonly text: string;
    readonly origin: PromptOrigin;
    readonly access: Access;
  }): Promise<SubmitOutcome> {
    const { host } = this.context;
    if (!host.admitsNewWork()) throw new PausedError();
    const session = await host.store.sessions.get(request.sessionId);
    if (!session) throw new StoreError("not_found", `no session ${request.sessionId}`);
    const adminSession = host.config.adminSessionsAllAccess && request.access.isAdmin;
    const access = adminSession ? { ...request.access, allAccess: true } : request.access;
    return submitPrompt(this.context, { ...request, access, kind: session.kind });
  }

  /** Ends the running turn of a session (reason `aborted`) and, with `clearQueue`, the queue. */
  abort(sessionId: string, clearQueue = false): { turnId: string | null; droppedQueued: number } {
    const runtime = this.#runtimes.get(sessionId);
    if (!runtime) return { turnId: null, droppedQueued: 0 };
    let droppedQueued = 0;
    if (clearQueue) {
      for (const queued of runtime.queue.splice(0)) {
        queued.settle(undefined);
        droppedQueued += 1;
      }
    }
    const running = runtime.running;
    running?.controller.abort();
    const turn = running ? this.#turnOf(sessionId, running.submission.submissionId) : undefined;
    return { turnId: turn?.turnId ?? null, droppedQueued };
  }

  /** What a (re)connecting client must draw besides history. */
  state(sessionId: string): SessionState {
    const runtime = this.#runtimes.get(sessionId);
    const running = runtime?.running;
    const turn = running ? this.#turnOf(sessionId, running.submission.submissionId) : undefined;
    return {
      running: turn
        ? {
            turnId: turn.turnId,
            ...(turn.submissionId === undefined ? {} : { submissionId: turn.submissionId }),
            origin: turn.origin,
            startedAt: turn.startedAt,
          }
        : null,
      queued: (runtime?.queue ?? []).map((s, i) => ({
        submissionId: s.submissionId,
        position: i + 1,
      })),
      ...this.context.asks.pending(sessionId),
    };
  }

  /** Answers a parked question (first answer wins). */
  answer(sessionId: string, questionId: string, answers: unknown): AnswerRefusal | undefined {
    return this.context.asks.answer(sessionId, questionId, answers);
  }

  /** Decides a permission prompt (first decision wins). */
  decide(
    sessionId: string,
    permissionId: string,
    outcome: Exclude<PermissionOutcome, "expired">,
  ): AnswerRefusal | undefined {
    return this.context.asks.decide(sessionId, permissionId, outcome);
  }

  /** Sub-agents and usage, for the plugin context's `agent` and `session` methods. */
  agentServices(): AgentServices {
    return agentServices(this.context);
  }

  /** Listens for settled exchanges (the post-turn skill reviewer's seam). Returns the remover. */
  onExchangeSettled(listener: (exchange: SettledExchange) => void | Promise<void>): () => void {
    this.context.settledListeners.add(listener);
    return () => this.context.settledListeners.delete(listener);
  }

  /**
   * The shutdown pause: running turns are aborted and awaited (until `deadline`), queued ones are
   * dropped. A turn still running at the deadline is left to the next start's recovery.
   */
  async pause(deadline: number): Promise<void> {
    const waits: Promise<unknown>[] = [];
    for (const runtime of this.#runtimes.values()) {
      for (const queued of runtime.queue.splice(0)) queued.settle(undefined);
      if (runtime.running) {
        waits.push(runtime.running.submission.settled);
        runtime.running.controller.abort();
      }
    }
    for (const turn of this.context.turns.values()) turn.controller.abort();
    const left = Math.max(0, deadline - Date.now());
    await Promise.race([Promise.all(waits), new Promise((r) => setTimeout(r, left).unref())]);
  }

  #turnOf(sessionId: string, submissionId: string): OpenedTurn | undefined {
    for (const turn of this.context.turns.values())
      if (turn.sessionId === sessionId && turn.submissionId === submissionId) return turn;
    return undefined;
  }
}

/**
 * Evicts the least recently used idle sessions until `kept` remain (or none more can go): never
 * one with a running, parked or queued turn, a turn of its own running outside the queue (a
 * sub-agent), or a connected client. Its live event buffer goes with it, so a client resuming
 * from an old event id is told to reload history.
 */
function evictIdle(
  context: BrainContext,
  runtimes: Map<string, SessionRuntime>,
  kept: number,
  asked: string,
): void {
  const busy = new Set<string>([asked]);
  for (const turn of context.turns.values()) busy.add(turn.sessionId);
  for (const [sessionId, runtime] of runtimes) {
    if (runtimes.size <= kept) return;
    if (!runtime.evictable() || busy.has(sessionId)) continue;
    if (context.host.events.subscriberCount(sessionId) > 0) continue;
    runtimes.delete(sessionId);
    context.host.events.forget(sessionId);
  }
}
