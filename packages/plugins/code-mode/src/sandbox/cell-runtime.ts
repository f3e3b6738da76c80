import type { QuickJSContext, QuickJSHandle, QuickJSWASMModule } from "quickjs-emscripten";
import { CellEngine } from "./cell-engine.js";
import { describeIn, dumpError, limitOf } from "./engine-values.js";
import { describeLimitFailure } from "./failure-text.js";
import type { HeapGuard } from "./heap-guard.js";
import { HostBridge } from "./host-bridge.js";
import { PRELUDE_SOURCE, SCRIPT_FILE, SCRIPT_PREFIX, SCRIPT_SUFFIX } from "./prelude.js";
import type {
  CellEnd,
  CellFailureKind,
  CellLimits,
  FromWorker,
  NestedOutcome,
  ToWorker,
} from "./protocol.js";
import { SandboxTimers } from "./sandbox-timers.js";
import { SliceWatch } from "./slice-watch.js";

type StartMessage = Extract<ToWorker, { t: "start" }>;

/**
 * One cell inside the worker: a fresh QuickJS runtime and context with the cell's limits, the
 * prelude, and the script. Work happens in slices: the script runs until it awaits, then the
 * calls and console output of that slice go to the host in one message.
 *
 * However the cell ends (its value, an error, a limit, the host's stop), everything it holds in the
 * engine is freed before the end is reported, so the worker runs the next cell. Only an engine in
 * an unknown state (an exception out of the engine itself) is left unfreed, and its worker is then
 * retired by the host instead of being asked to free what it may no longer track.
 *
 * The cell's memory limit is the worker's {@link HeapGuard}, armed for the cell's whole life: once
 * the cell needed more engine heap than `memoryLimitBytes`, its next interrupt poll or the end of
 * its slice ends it with its memory limit, whatever the script catches.
 */
export class CellRuntime {
  private readonly engine: CellEngine;
  private readonly ctx: QuickJSContext;
  private readonly limits: CellLimits;
  private readonly timers: SandboxTimers;
  private readonly bridge: HostBridge;
  private describeValue: QuickJSHandle | undefined;
  private describeError: QuickJSHandle | undefined;
  private main: QuickJSHandle | undefined;
  private readonly watch: SliceWatch;
  private stopMessage = "";
  private ended = false;

  constructor(
    quickjs: QuickJSWASMModule,
    private readonly start: StartMessage,
    progress: Int32Array,
    private readonly send: (message: FromWorker) => void,
    private readonly heap: HeapGuard,
  ) {
    this.limits = start.limits;
    heap.arm(this.limits.memoryLimitBytes);
    this.watch = new SliceWatch(progress, this.limits, heap);
    this.engine = new CellEngine(quickjs, this.limits, () => this.watch.shouldInterrupt());
    this.ctx = this.engine.ctx;
    this.bridge = new HostBridge(this.ctx, this.limits);
    this.timers = new SandboxTimers(
      this.ctx,
      this.limits,
      (run) => this.slice(run),
      (error) => this.uncaught(error),
    );
  }

  /** Installs the prelude and runs the script's first slice. */
  begin(): void {
    this.slice(() => {
      const prelude = this.evaluate(PRELUDE_SOURCE, "prelude.js");
      if (!prelude) return;
      const args = [
        ...this.bridge.functions(this.timers),
        this.ctx.newString(JSON.stringify(this.start.tools)),
        this.ctx.newString(JSON.stringify(this.limits)),
      ].map((handle) => this.keep(handle));
      const made = this.ctx.callFunction(prelude, this.ctx.undefined, args);
      prelude.dispose();
      if (made.error) return this.finishWithError(made.error);
      const exported = this.keep(made.value);
      this.describeValue = this.keep(this.ctx.getProp(exported, 0));
      this.describeError = this.keep(this.ctx.getProp(exported, 1));
      this.bridge.connect(this.keep(this.ctx.getProp(exported, 2)));
      const script = `${SCRIPT_PREFIX}${this.start.script}${SCRIPT_SUFFIX}`;
      const main = this.evaluate(script, SCRIPT_FILE);
      if (main) this.main = this.keep(main);
    });
  }

  /** Resolves or rejects the script's promise for nested call `id`, then runs what follows. */
  settle(id: number, outcome: NestedOutcome): void {
    if (this.ended || !this.bridge.waiting(id)) return;
    this.slice(() => {
      const error = this.bridge.resolve(id, outcome);
      if (error) this.finishWithError(error);
    });
  }

  /** Ends the cell at the host's request (timeout, abort): it is waiting, never running, here. */
  stop(kind: "timeout" | "stopped", reason: string): void {
    this.stopMessage = reason;
    this.watch.reason = kind;
    if (!this.ended) this.end({ ok: false, kind, error: reason });
  }

  private slice(run: () => void): void {
    if (this.ended) return;
    this.watch.begin();
    try {
      run();
      if (!this.ended) this.runJobs();
      if (!this.ended) this.checkMain();
      if (!this.ended && this.watch.checkHeap()) this.endInterrupted();
    } catch (error) {
      // The engine or its bindings threw: what the engine still holds is unknown. Past the memory
      // limit, that is the limit's doing (an allocation the bindings did not expect to fail).
      const end = this.watch.checkHeap()
        ? this.failure("memory", "")
        : this.failure("internal", String(error));
      if (!this.ended) this.end(end, "abandon");
    } finally {
      this.watch.finish();
    }
    if (!this.ended) this.flush();
  }

  private runJobs(): void {
    const jobs = this.engine.runJobs();
    if (jobs.ok) return;
    if (jobs.trusted) this.finishWithError(jobs.error);
    else this.end(this.failureOf(jobs.error), "abandon");
  }

  private checkMain(): void {
    if (!this.main) return;
    const state = this.ctx.getPromiseState(this.main);
    if (state.type === "pending") return;
    if (state.type === "rejected") this.finishWithError(state.error);
    else if (state.notAPromise) this.finishWithValue(this.main);
    else this.finishWithValue(state.value, true);
  }

  private finishWithValue(value: QuickJSHandle, owned = false): void {
    const described = this.describe(this.describeValue, value);
    if (owned) value.dispose();
    if (described.ok)
      this.end({ ok: true, ...(described.text === undefined ? {} : { value: described.text }) });
    else if (described.text === undefined && this.watch.reason)
      this.end(this.failure(this.watch.reason, "")); // a limit stopped the result's own code
    else this.end(this.failure("script", described.text ?? "the result cannot be described"));
  }

  private finishWithError(error: QuickJSHandle): void {
    const end = this.failureOf(error);
    error.dispose();
    this.end(end);
  }

  /** What an engine error ends the cell with: an interrupt, a limit, or the script's own error. */
  private failureOf(error: QuickJSHandle): CellEnd {
    if (this.watch.checkHeap()) return this.failure(this.watch.reason ?? "memory", "");
    const raw = dumpError(this.ctx, error);
    const limit = limitOf(raw);
    if (limit) return this.failure(limit, raw);
    return this.failure("script", this.describe(this.describeError, error).text ?? raw);
  }

  private endInterrupted(): void {
    this.end(this.failure(this.watch.reason ?? "stopped", ""));
  }

  private uncaught(error: QuickJSHandle): void {
    const described = this.watch.checkHeap() ? undefined : this.describe(this.describeError, error);
    error.dispose();
    if (described) {
      this.bridge.note(`[uncaught in setTimeout] ${described.text ?? "an exception"}\n`);
    }
  }

  private describe(describer: QuickJSHandle | undefined, value: QuickJSHandle) {
    return describeIn(this.ctx, describer, value, () => this.watch.checkHeap());
  }

  private failure(kind: CellFailureKind, scriptError: string): CellEnd {
    const error =
      kind === "script" || kind === "internal"
        ? scriptError
        : describeLimitFailure(kind, this.limits, this.stopMessage);
    return { ok: false, kind, error };
  }

  private evaluate(code: string, file: string): QuickJSHandle | undefined {
    const result = this.ctx.evalCode(code, file, { type: "global" });
    if (result.error) {
      this.finishWithError(result.error);
      return undefined;
    }
    return result.value;
  }

  private keep(handle: QuickJSHandle): QuickJSHandle {
    return this.engine.keep(handle);
  }

  private flush(end?: CellEnd, recycle = false): void {
    const output = this.bridge.take();
    if (!end && !output) return;
    this.send({
      t: "slice",
      calls: output?.calls ?? [],
      console: output?.console ?? "",
      consoleOmitted: output?.consoleOmitted ?? 0,
      ...(end ? { end, heapBytes: this.engine.heapBytes } : {}),
      ...(recycle ? { recycle } : {}),
    });
  }

  /**
   * Ends the cell: frees its engine state (`abandon` leaves an engine in an unknown state alone)
   * and reports the end, asking the host to retire the worker when the engine was not freed or
   * its heap grew more than the next cell may be measured against (see {@link HeapGuard.disarm}).
   */
  private end(outcome: CellEnd, engine: "free" | "abandon" = "free"): void {
    if (this.ended) return;
    this.ended = true;
    // A cell that needed more than its memory limit ends with it, even when the script had not
    // polled the interrupt since (a value, or the error of a failed allocation it caught or not).
    const overMemory = this.watch.checkHeap() && this.watch.reason === "memory";
    const end = overMemory ? this.failure("memory", "") : outcome;
    this.timers.cancel();
    const freed = engine === "free" && this.engine.free(() => this.timers.dispose());
    const grown = this.heap.disarm();
    this.flush(end, !freed || grown);
  }
}
