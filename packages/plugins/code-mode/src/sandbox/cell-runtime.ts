import type {
  QuickJSContext,
  QuickJSHandle,
  QuickJSRuntime,
  QuickJSWASMModule,
} from "quickjs-emscripten";
import { describeIn, dumpError, limitOf } from "./engine-values.js";
import { describeLimitFailure } from "./failure-text.js";
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
 */
export class CellRuntime {
  private readonly rt: QuickJSRuntime;
  private readonly ctx: QuickJSContext;
  private readonly limits: CellLimits;
  private readonly handles: QuickJSHandle[] = [];
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
  ) {
    this.limits = start.limits;
    this.watch = new SliceWatch(progress, this.limits);
    this.rt = quickjs.newRuntime();
    this.rt.setMemoryLimit(this.limits.memoryLimitBytes);
    this.rt.setMaxStackSize(this.limits.stackLimitBytes);
    this.rt.setInterruptHandler(() => this.watch.shouldInterrupt());
    this.ctx = this.rt.newContext();
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
        this.json(this.start.tools),
        this.json({ ...this.limits }),
      ].map((handle) => this.keep(handle));
      const made = this.ctx.callFunction(prelude, this.ctx.undefined, args);
      prelude.dispose();
      if (made.error) return this.finishWithError(made.error);
      const pair = this.keep(made.value);
      this.describeValue = this.keep(this.ctx.getProp(pair, 0));
      this.describeError = this.keep(this.ctx.getProp(pair, 1));
      const script = `${SCRIPT_PREFIX}${this.start.script}${SCRIPT_SUFFIX}`;
      this.main = this.evaluate(script, SCRIPT_FILE);
    });
  }

  /** Resolves or rejects the script's promise for nested call `id`, then runs what follows. */
  settle(id: number, outcome: NestedOutcome): void {
    if (this.ended || !this.bridge.waiting(id)) return;
    this.slice(() => this.bridge.resolve(id, outcome));
  }

  /** Ends the cell at the host's request (timeout, abort): interrupts it if it is running. */
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
      if (!this.ended && this.watch.reason) this.endInterrupted();
    } catch (error) {
      if (!this.ended) this.end(this.failure("internal", String(error)), true);
    } finally {
      this.watch.finish();
    }
    if (!this.ended) this.flush();
  }

  private runJobs(): void {
    const jobs = this.rt.executePendingJobs(-1);
    if (jobs.error) this.finishWithError(jobs.error);
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
    else this.end(this.failure("script", described.text ?? "the result cannot be described"));
  }

  private finishWithError(error: QuickJSHandle): void {
    if (this.watch.reason) {
      error.dispose();
      this.endInterrupted();
      return;
    }
    const raw = dumpError(this.ctx, error);
    const limit = limitOf(raw);
    if (limit) {
      error.dispose();
      this.end(this.failure(limit, raw), true);
      return;
    }
    const described = this.describe(this.describeError, error);
    error.dispose();
    this.end(this.failure("script", described.text ?? raw));
  }

  private endInterrupted(): void {
    const reason = this.watch.reason ?? "stopped";
    // An interrupted engine may hold what the interrupted code held: its worker is not reused.
    this.end(this.failure(reason, ""), reason !== "stopped");
  }

  private uncaught(error: QuickJSHandle): void {
    const described = this.watch.reason ? undefined : this.describe(this.describeError, error);
    error.dispose();
    if (described) {
      this.bridge.note(`[uncaught in setTimeout] ${described.text ?? "an exception"}\n`);
    }
  }

  private describe(describer: QuickJSHandle | undefined, value: QuickJSHandle) {
    return describeIn(this.ctx, describer, value, () => this.watch.reason !== undefined);
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

  private json(value: unknown): QuickJSHandle {
    return this.ctx.unwrapResult(
      this.ctx.evalCode(`JSON.parse(${JSON.stringify(JSON.stringify(value))})`),
    );
  }

  private keep(handle: QuickJSHandle): QuickJSHandle {
    this.handles.push(handle);
    return handle;
  }

  private flush(end?: CellEnd, recycle = false): void {
    const output = this.bridge.take();
    if (!end && !output) return;
    this.send({
      t: "slice",
      calls: output?.calls ?? [],
      console: output?.console ?? "",
      consoleOmitted: output?.consoleOmitted ?? 0,
      ...(end ? { end } : {}),
      ...(recycle ? { recycle } : {}),
    });
  }

  private end(end: CellEnd, recycle = false): void {
    if (this.ended) return;
    this.ended = true;
    this.flush(end, recycle || !this.dispose());
  }

  /** Frees the cell's engine state; false when the engine reported a problem doing so. */
  private dispose(): boolean {
    try {
      this.timers.dispose();
      this.bridge.dispose();
      this.main?.dispose();
      for (const handle of this.handles.reverse()) if (handle.alive) handle.dispose();
      this.ctx.dispose();
      this.rt.dispose();
      return true;
    } catch {
      return false;
    }
  }
}
