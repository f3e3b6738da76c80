import { describeLimitFailure } from "./failure-text.js";
import {
  type CellEnd,
  type CellLimits,
  HEAP_LIMIT_EXIT_CODE,
  type NestedOutcome,
  type NestedRequest,
} from "./protocol.js";
import type { SandboxPool } from "./sandbox-pool.js";
import type { SandboxWorker } from "./sandbox-worker.js";

/** How long past a limit the host waits for the worker to stop itself before killing the thread. */
export const KILL_GRACE_MS = 1000;
/** How often the watchdog reads a running cell's progress counters. */
export const WATCHDOG_INTERVAL_MS = 100;

/** What a run tells the cell that owns it. */
export interface SandboxRunEvents {
  /** The script made nested calls (in call order). */
  calls(requests: readonly NestedRequest[]): void;
  /** The script wrote console output; `omitted` characters were dropped in the worker. */
  console(text: string, omitted: number): void;
  /** The cell ended; called exactly once. */
  end(end: CellEnd): void;
}

/** What a run needs to start. */
export interface SandboxRunStart {
  readonly script: string;
  readonly tools: readonly string[];
  readonly limits: CellLimits;
}

/**
 * One script running in one pooled worker, seen from the host thread. It enforces the limits the
 * host must own: the cell's wall clock (stop, then kill after a grace) and a watchdog that
 * terminates a thread whose script stays busy past the busy limit without answering its
 * interrupt, so that the host's event loop never waits on a script. A worker that ended itself
 * at the cell's memory limit (`HEAP_LIMIT_EXIT_CODE`) ends the cell with that limit.
 */
export class SandboxRun {
  private ended = false;
  private readonly deadlineTimer: NodeJS.Timeout;
  private readonly watchdog: NodeJS.Timeout;
  private killTimer: NodeJS.Timeout | undefined;
  private lastSequence = -1;
  private stuckSince = 0;

  constructor(
    private readonly pool: SandboxPool,
    private readonly worker: SandboxWorker,
    private readonly start: SandboxRunStart,
    private readonly events: SandboxRunEvents,
    private readonly now: () => number = Date.now,
  ) {
    worker.attach({
      message: (message) => {
        if (message.t !== "slice" || this.ended) return;
        if (message.calls.length > 0) this.events.calls(message.calls);
        if (message.console !== "" || message.consoleOmitted > 0)
          this.events.console(message.console, message.consoleOmitted);
        if (message.end) this.finish(message.end, !message.recycle);
      },
      exit: (error, code) =>
        this.finish(
          code === HEAP_LIMIT_EXIT_CODE
            ? { ok: false, kind: "memory", error: this.limitText("memory") }
            : { ok: false, kind: "internal", error: `the sandbox stopped: ${error.message}` },
          false,
        ),
    });
    const timeout = Math.max(0, start.limits.deadline - this.now());
    this.deadlineTimer = setTimeout(() => this.stop("timeout", this.limitText("timeout")), timeout);
    this.watchdog = setInterval(() => this.watch(), WATCHDOG_INTERVAL_MS);
    this.deadlineTimer.unref();
    this.watchdog.unref();
    worker.post({ t: "start", script: start.script, tools: start.tools, limits: start.limits });
  }

  /** Hands a nested call's outcome back to the script. */
  settle(id: number, outcome: NestedOutcome): void {
    if (!this.ended) this.worker.post({ t: "settle", id, outcome });
  }

  /** Ends the cell with `reason`; the thread is killed if it does not stop within the grace. */
  stop(kind: "timeout" | "stopped", reason: string): void {
    if (this.ended || this.killTimer) return;
    this.worker.post({ t: "stop", kind, reason });
    this.killTimer = setTimeout(() => this.kill({ ok: false, kind, error: reason }), KILL_GRACE_MS);
    this.killTimer.unref();
  }

  private watch(): void {
    const { busy, sequence } = this.worker.readProgress();
    const now = this.now();
    if (!busy || sequence !== this.lastSequence) {
      this.lastSequence = sequence;
      this.stuckSince = now;
      return;
    }
    if (now - this.stuckSince > this.start.limits.busyLimitMs + KILL_GRACE_MS) {
      this.kill({ ok: false, kind: "busy", error: this.limitText("busy") });
    }
  }

  private kill(end: CellEnd): void {
    if (this.ended) return;
    this.worker.terminate();
    this.finish(end, false);
  }

  private finish(end: CellEnd, healthy: boolean): void {
    if (this.ended) return;
    this.ended = true;
    clearTimeout(this.deadlineTimer);
    clearInterval(this.watchdog);
    if (this.killTimer) clearTimeout(this.killTimer);
    this.pool.release(this.worker, healthy);
    this.events.end(end);
  }

  private limitText(kind: "timeout" | "busy" | "memory"): string {
    return describeLimitFailure(kind, this.start.limits);
  }
}
