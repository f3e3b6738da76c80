import type { ImageContent } from "@elowen/plugin-api/tools";
import type { CodeModeTraceSink, NestedTool } from "@elowen/plugin-api/trace";
import { BoundedText } from "../bounded-text.js";
import { MAX_NESTED_ARGS_CHARS, MAX_SANDBOX_TIMERS } from "../limits.js";
import type { ResolvedCodeModeOptions } from "../options.js";
import type { CellEnd } from "../sandbox/protocol.js";
import type { SandboxPool } from "../sandbox/sandbox-pool.js";
import { SandboxRun } from "../sandbox/sandbox-run.js";
import { type FinishedCall, NestedCalls } from "./nested-calls.js";

/** A cell's state as a report states it. */
export type CellState = "running" | "completed" | "failed";

/** What one exec or wait reports about a cell: everything since the previous report. */
export interface CellReport {
  readonly cellId: string;
  readonly state: CellState;
  readonly elapsedMs: number;
  /** Nested calls made so far, in all. */
  readonly calls: number;
  /** Calls that finished since the previous report, in completion order. */
  readonly finished: readonly { readonly name: string; readonly ok: boolean }[];
  /** Calls still running (after the cell ended too, for calls it did not await). */
  readonly running: readonly string[];
  readonly console: string;
  readonly value?: string;
  readonly error?: string;
  /** Images of nested results since the previous report, in completion order, within the cap. */
  readonly images: readonly ImageContent[];
  readonly imagesOmitted: number;
}

/** What a cell needs to run. */
export interface CellStart {
  readonly id: string;
  readonly script: string;
  readonly tools: ReadonlyMap<string, NestedTool>;
  readonly sink: CodeModeTraceSink;
  readonly options: ResolvedCodeModeOptions;
  readonly pool: SandboxPool;
  readonly now: () => number;
}

/**
 * One script run: the sandbox it runs in, its nested calls through the trace sink, and what has
 * happened since it was last reported. A cell runs on after the exec that started it yields; wait
 * returns to it. It ends when its top-level code settles, fails or hits a limit.
 */
export class Cell {
  readonly id: string;
  /** The trace sink of this cell's producer id: its nested calls' rows, drained by its reports. */
  readonly sink: CodeModeTraceSink;
  /** True once a report has carried the cell's end. */
  endReported = false;
  private readonly startedAt: number;
  private readonly controller = new AbortController();
  private readonly calls: NestedCalls;
  private readonly console: BoundedText;
  private readonly waiters = new Set<() => void>();
  private finished: FinishedCall[] = [];
  private run: SandboxRun | undefined;
  private end: CellEnd | undefined;
  private endedAt = 0;

  private constructor(private readonly start: CellStart) {
    this.id = start.id;
    this.sink = start.sink;
    this.startedAt = start.now();
    this.console = new BoundedText(start.options.maxConsoleChars);
    this.calls = new NestedCalls({
      tools: start.tools,
      sink: start.sink,
      signal: this.controller.signal,
      maxCalls: start.options.maxCallsPerCell,
      maxConcurrent: start.options.maxConcurrentCalls,
      settle: (id, outcome) => this.run?.settle(id, outcome),
      finished: (call) => {
        this.finished.push(call);
        this.changed();
      },
    });
  }

  /** Takes a worker and starts the script. Rejects when no worker is free or none can start. */
  static async launch(start: CellStart): Promise<Cell> {
    const cell = new Cell(start);
    const worker = await start.pool.acquire();
    const { options } = start;
    cell.run = new SandboxRun(
      start.pool,
      worker,
      {
        script: start.script,
        tools: [...start.tools.keys()],
        limits: {
          memoryLimitBytes: options.memoryLimitBytes,
          stackLimitBytes: options.stackLimitBytes,
          busyLimitMs: options.busyLimitMs,
          cellTimeoutMs: options.cellTimeoutMs,
          // The wall clock starts with the script, not with a worker that was still starting.
          deadline: start.now() + options.cellTimeoutMs,
          maxArgsChars: MAX_NESTED_ARGS_CHARS,
          maxConsoleChars: options.maxConsoleChars,
          maxResultChars: options.maxResultChars,
          maxTimers: MAX_SANDBOX_TIMERS,
        },
      },
      {
        calls: (requests) => cell.calls.submit(requests),
        console: (text, omitted) => {
          cell.console.append(text);
          cell.console.addOmitted(omitted);
        },
        end: (end) => cell.finish(end),
      },
    );
    return cell;
  }

  /** True once the script has ended. */
  get ended(): boolean {
    return this.end !== undefined;
  }

  /**
   * Resolves when the cell ends or `ms` pass, whichever is first. An abort of `signal` stops the
   * cell (the call waiting on it was cancelled) and resolves once it has ended, which the sandbox
   * run guarantees within its kill grace.
   */
  waitFor(ms: number, signal?: AbortSignal): Promise<void> {
    if (this.ended) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", aborted);
        this.waiters.delete(check);
        resolve();
      };
      const check = () => {
        if (this.ended) done();
      };
      const aborted = () => {
        clearTimeout(timer);
        this.stop("the call waiting on this cell was cancelled, so the cell was stopped");
      };
      const timer = setTimeout(done, ms);
      this.waiters.add(check);
      if (signal?.aborted) aborted();
      else signal?.addEventListener("abort", aborted, { once: true });
    });
  }

  /**
   * Stops the cell: its script is ended and its running nested calls are aborted, also the calls
   * a finished script left running without awaiting them.
   */
  stop(reason: string): void {
    if (!this.controller.signal.aborted) this.controller.abort(new Error(reason));
    if (!this.ended) this.run?.stop("stopped", reason);
  }

  /** Everything since the previous report; carries the end once the cell has ended. */
  takeReport(maxImages: number): CellReport {
    const state: CellState = !this.end ? "running" : this.end.ok ? "completed" : "failed";
    if (this.end) this.endReported = true;
    const finished = this.finished;
    this.finished = [];
    const images = finished.flatMap((call) => call.images);
    const until = this.end ? this.endedAt : this.start.now();
    return {
      cellId: this.id,
      state,
      elapsedMs: until - this.startedAt,
      calls: this.calls.total,
      finished: finished.map(({ name, ok }) => ({ name, ok })),
      running: this.calls.running(),
      console: this.console.takeMarked("console output"),
      ...(this.end?.ok && this.end.value !== undefined ? { value: this.end.value } : {}),
      ...(this.end && !this.end.ok ? { error: this.end.error } : {}),
      images: images.slice(0, maxImages),
      imagesOmitted: Math.max(0, images.length - maxImages),
    };
  }

  private finish(end: CellEnd): void {
    this.end = end;
    this.endedAt = this.start.now();
    this.calls.dropQueued();
    // A failed or stopped script leaves nothing to wait for: its running calls are aborted.
    if (!end.ok) this.controller.abort(new Error(end.error));
    this.changed();
  }

  private changed(): void {
    for (const waiter of [...this.waiters]) waiter();
  }
}
