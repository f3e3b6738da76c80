import { setMaxListeners } from "node:events";
import type { Access } from "@elowen/plugin-api/access";
import type { PromptOrigin } from "@elowen/plugin-api/events";
import type { TurnOutcome } from "@elowen/wire";
import type { ComposedPrompt } from "../context/compose-prompt.js";
import type { ReplayCache } from "../context/replay-cache.js";
import { releaseOnce } from "../host/release-once.js";
import type { AgentRecords } from "./agent-records.js";

/**
 * The controller of one turn. Every provider, hook and tool call of the turn listens to its signal
 * while it runs (twenty plugins' step-context providers are twenty listeners at once), so Node's
 * leak warning, meant for listeners that pile up, is turned off for it: the warning would be
 * printed on every turn, with a stack trace.
 */
export function turnController(): AbortController {
  const controller = new AbortController();
  setMaxListeners(0, controller.signal);
  return controller;
}

/** A prompt accepted for a session, waiting for (or running as) its turn. */
export interface Submission {
  readonly submissionId: string;
  readonly sessionId: string;
  readonly access: Access;
  readonly origin: PromptOrigin;
  /** Filled in by `prompt.submit`: the text that entered and the context hooks attached. */
  text: string;
  context: readonly string[];
  /** False while `prompt.submit` still runs: the queue keeps its place but does not start it. */
  ready: boolean;
  /** Resolves when its turn settled (undefined when it was dropped from the queue). */
  readonly settled: Promise<(TurnOutcome & { readonly entryId: string }) | undefined>;
  settle(outcome: (TurnOutcome & { readonly entryId: string }) | undefined): void;
}

/**
 * A session's live state in this daemon: its queue of submissions (one turn at a time, in
 * submission order, nothing interleaved), the running turn, the persona its first turn spawned
 * with, and the tools the person allowed `always`.
 */
export class SessionRuntime {
  readonly sessionId: string;
  readonly queue: Submission[] = [];
  running: { readonly submission: Submission; readonly controller: AbortController } | undefined;
  /** The persona from `brain.session.beforeSpawn`, resolved once per session. */
  persona: Promise<string | null> | undefined;
  readonly alwaysAllowed = new Set<string>();
  /** The system prompt the session's last turn composed, and what it was composed from. */
  systemPrompt: ComposedPrompt | undefined;
  /** The session's sub-agents for `$.agent.list()`, oldest first (bounded by SubAgents). */
  readonly agents: AgentRecords = new Map();
  /** What the last settled turn left for the next one to replay (used once). */
  replay: ReplayCache | undefined;
  #draining = false;
  #holds = 0;

  constructor(sessionId: string) {
    this.sessionId = sessionId;
  }

  /** Its place: 0 when it will start at once, n when n turns run or wait before it. */
  position(submission: Submission): number {
    return this.queue.indexOf(submission) + (this.running ? 1 : 0);
  }

  /** Removes a queued submission (dropped by a hook, or cleared by an abort). */
  remove(submission: Submission): void {
    const at = this.queue.indexOf(submission);
    if (at >= 0) this.queue.splice(at, 1);
  }

  /**
   * Runs the queue's ready head, one turn at a time, until it is empty or its head still waits
   * for `prompt.submit`. Calling it while it runs does nothing more.
   */
  async drain(
    run: (submission: Submission, controller: AbortController) => Promise<void>,
  ): Promise<void> {
    if (this.#draining) return;
    this.#draining = true;
    try {
      for (;;) {
        const head = this.queue[0];
        if (!head?.ready) return;
        this.queue.shift();
        const controller = turnController();
        this.running = { submission: head, controller };
        try {
          await run(head, controller);
        } finally {
          this.running = undefined;
        }
      }
    } finally {
      this.#draining = false;
    }
  }

  /** True when nothing runs or waits. */
  idle(): boolean {
    return this.running === undefined && this.queue.length === 0;
  }

  /**
   * Keeps the runtime from eviction while a turn that did not come through the queue (a
   * sub-agent's) uses it. Returns the release (calling it twice releases once).
   */
  hold(): () => void {
    this.#holds += 1;
    return releaseOnce(() => {
      this.#holds -= 1;
    });
  }

  /** True when the runtime may be evicted: nothing runs, waits, drains or holds it. */
  evictable(): boolean {
    return this.idle() && !this.#draining && this.#holds === 0;
  }
}
