import type {
  QuickJSContext,
  QuickJSDeferredPromise,
  QuickJSHandle,
  QuickJSRuntime,
  QuickJSWASMModule,
} from "quickjs-emscripten";
import { BoundedText } from "../bounded-text.js";
import { describeLimitFailure } from "./failure-text.js";
import { PRELUDE_SOURCE, SCRIPT_FILE, SCRIPT_PREFIX, SCRIPT_SUFFIX } from "./prelude.js";
import {
  type CellEnd,
  type CellFailureKind,
  type CellLimits,
  type FromWorker,
  type NestedOutcome,
  type NestedRequest,
  PROGRESS_BUSY,
  PROGRESS_SEQUENCE,
  type ToWorker,
} from "./protocol.js";
import { SandboxTimers } from "./sandbox-timers.js";

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
  private readonly pending = new Map<number, QuickJSDeferredPromise>();
  private readonly handles: QuickJSHandle[] = [];
  private readonly timers: SandboxTimers;
  private readonly console: BoundedText;
  private calls: NestedRequest[] = [];
  private describeValue: QuickJSHandle | undefined;
  private describeError: QuickJSHandle | undefined;
  private main: QuickJSHandle | undefined;
  private sliceStart = 0;
  private inSlice = false;
  private interruptReason: CellFailureKind | undefined;
  private stopMessage = "";
  private nextCallId = 0;
  private ended = false;

  constructor(
    quickjs: QuickJSWASMModule,
    private readonly start: StartMessage,
    private readonly progress: Int32Array,
    private readonly send: (message: FromWorker) => void,
  ) {
    this.limits = start.limits;
    this.rt = quickjs.newRuntime();
    this.rt.setMemoryLimit(this.limits.memoryLimitBytes);
    this.rt.setMaxStackSize(this.limits.stackLimitBytes);
    this.rt.setInterruptHandler(() => this.shouldInterrupt());
    this.ctx = this.rt.newContext();
    this.console = new BoundedText(this.limits.maxConsoleChars);
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
        this.keep(this.ctx.newFunction("call", (name, args) => this.hostCall(name, args))),
        this.keep(this.ctx.newFunction("log", (text) => this.hostLog(text))),
        this.keep(this.ctx.newFunction("setTimer", (fn, ms) => this.timers.set(fn, ms))),
        this.keep(this.ctx.newFunction("clearTimer", (id) => this.timers.clear(id))),
        this.keep(this.json(this.start.tools)),
        this.keep(this.json({ ...this.limits })),
      ];
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
    const deferred = this.pending.get(id);
    if (!deferred || this.ended) return;
    this.pending.delete(id);
    this.slice(() => {
      const reply = this.ctx.newString(JSON.stringify(outcome));
      deferred.resolve(reply);
      reply.dispose();
      deferred.dispose();
    });
  }

  /** Ends the cell at the host's request (timeout, abort): interrupts it if it is running. */
  stop(kind: "timeout" | "stopped", reason: string): void {
    this.stopMessage = reason;
    this.interruptReason = kind;
    if (!this.ended) this.end({ ok: false, kind, error: reason });
  }

  private shouldInterrupt(): boolean {
    if (this.interruptReason) return true;
    // The engine also polls while it builds the context, before any slice has started.
    if (!this.inSlice) return false;
    const now = Date.now();
    if (now > this.limits.deadline) this.interruptReason = "timeout";
    else if (now - this.sliceStart > this.limits.busyLimitMs) this.interruptReason = "busy";
    return this.interruptReason !== undefined;
  }

  private slice(run: () => void): void {
    if (this.ended) return;
    this.sliceStart = Date.now();
    this.inSlice = true;
    Atomics.add(this.progress, PROGRESS_SEQUENCE, 1);
    Atomics.store(this.progress, PROGRESS_BUSY, 1);
    try {
      run();
      if (!this.ended) this.runJobs();
      if (!this.ended) this.checkMain();
      if (!this.ended && this.interruptReason) {
        this.end(this.failure(this.interruptReason, ""), this.interruptReason !== "stopped");
      }
    } catch (error) {
      if (!this.ended) this.end(this.failure("internal", String(error)), true);
    } finally {
      this.inSlice = false;
      Atomics.store(this.progress, PROGRESS_BUSY, 0);
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
    const described = this.callDescriber(this.describeValue, value);
    if (owned) value.dispose();
    if (described.ok)
      this.end({ ok: true, ...(described.text === undefined ? {} : { value: described.text }) });
    else this.end(this.failure("script", described.text ?? "the result cannot be described"));
  }

  private finishWithError(error: QuickJSHandle): void {
    if (this.interruptReason) {
      error.dispose();
      this.end(this.failure(this.interruptReason, ""), this.interruptReason !== "stopped");
      return;
    }
    const raw = this.dumpError(error);
    const limit = /^InternalError: (out of memory|stack overflow)/.exec(raw)?.[1];
    if (limit) {
      error.dispose();
      this.end(this.failure(limit === "out of memory" ? "memory" : "stack", raw), true);
      return;
    }
    const described = this.callDescriber(this.describeError, error);
    error.dispose();
    this.end(this.failure("script", described.text ?? raw));
  }

  private uncaught(error: QuickJSHandle): void {
    if (this.interruptReason) {
      error.dispose();
      return;
    }
    const described = this.callDescriber(this.describeError, error);
    error.dispose();
    this.console.append(`[uncaught in setTimeout] ${described.text ?? "an exception"}\n`);
  }

  private callDescriber(
    fn: QuickJSHandle | undefined,
    value: QuickJSHandle,
  ): { ok: boolean; text?: string } {
    if (!fn) return { ok: false, text: this.dumpError(value) };
    const result = this.ctx.callFunction(fn, this.ctx.undefined, value);
    if (result.error) {
      const text = this.interruptReason ? undefined : this.dumpError(result.error);
      result.error.dispose();
      return text === undefined ? { ok: false } : { ok: false, text };
    }
    const type = this.ctx.typeof(result.value);
    const text = type === "string" ? this.ctx.getString(result.value) : undefined;
    result.value.dispose();
    return text === undefined ? { ok: true } : { ok: true, text };
  }

  private dumpError(handle: QuickJSHandle): string {
    try {
      const name = this.ctx.getProp(handle, "name").consume((h) => this.stringOf(h));
      const message = this.ctx.getProp(handle, "message").consume((h) => this.stringOf(h));
      return `${name ?? "Error"}: ${message ?? "(no message)"}`;
    } catch {
      return "Uncaught exception that cannot be described";
    }
  }

  private stringOf(handle: QuickJSHandle): string | undefined {
    return this.ctx.typeof(handle) === "string" ? this.ctx.getString(handle) : undefined;
  }

  private failure(kind: CellFailureKind, scriptError: string): CellEnd {
    const error =
      kind === "script" || kind === "internal"
        ? scriptError
        : describeLimitFailure(kind, this.limits, this.stopMessage);
    return { ok: false, kind, error };
  }

  private hostCall(nameHandle: QuickJSHandle, argsHandle: QuickJSHandle): QuickJSHandle {
    const name = this.stringOf(nameHandle);
    const args = this.stringOf(argsHandle);
    if (name === undefined || args === undefined) throw new TypeError("tools: bad internal call");
    if (args.length > this.limits.maxArgsChars) throw new RangeError("tools: arguments too large");
    const id = ++this.nextCallId;
    const deferred = this.ctx.newPromise();
    this.pending.set(id, deferred);
    this.calls.push({ id, name, args });
    return deferred.handle;
  }

  private hostLog(text: QuickJSHandle): void {
    const line = this.stringOf(text);
    if (line !== undefined) this.console.append(line);
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
    const { text, omitted } = this.console.take();
    if (!end && this.calls.length === 0 && text === "" && omitted === 0) return;
    const calls = this.calls;
    this.calls = [];
    this.send({
      t: "slice",
      calls,
      console: text,
      consoleOmitted: omitted,
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
      for (const deferred of this.pending.values()) deferred.dispose();
      this.pending.clear();
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
