import type { QuickJSContext, QuickJSHandle } from "quickjs-emscripten";
import { BoundedText } from "../bounded-text.js";
import { stringOf } from "./engine-values.js";
import type { CellLimits, NestedOutcome, NestedRequest } from "./protocol.js";
import type { SandboxTimers } from "./sandbox-timers.js";

/** What one slice produced for the host. */
export interface SliceOutput {
  readonly calls: NestedRequest[];
  readonly console: string;
  readonly consoleOmitted: number;
}

/**
 * Everything that crosses between a cell's script and the host, on the worker side: the host
 * functions the prelude receives (they take and return strings and numbers only), the ids of the
 * nested calls waiting for their outcome, and the console output and calls of the current slice.
 *
 * A waiting call's promise lives inside the sandbox (the prelude's `settle` resolves it), never as
 * a host handle: `QuickJSContext.newPromise` is avoided because quickjs-emscripten 0.32 reads the
 * new promise's resolvers through a view of the WebAssembly heap that creating them can detach,
 * leaving two engine values nobody can free, and then a runtime that cannot be freed.
 */
export class HostBridge {
  private readonly waitingIds = new Set<number>();
  private readonly console: BoundedText;
  private settleFunction: QuickJSHandle | undefined;
  private calls: NestedRequest[] = [];
  private nextCallId = 0;

  constructor(
    private readonly ctx: QuickJSContext,
    private readonly limits: Pick<CellLimits, "maxArgsChars" | "maxConsoleChars">,
  ) {
    this.console = new BoundedText(limits.maxConsoleChars);
  }

  /** The host functions, in the order the prelude takes them: call, log, setTimer, clearTimer. */
  functions(timers: SandboxTimers): QuickJSHandle[] {
    return [
      this.ctx.newFunction("call", (name, args) => this.call(name, args)),
      this.ctx.newFunction("log", (text) => this.log(text)),
      this.ctx.newFunction("setTimer", (fn, ms) => timers.set(fn, ms)),
      this.ctx.newFunction("clearTimer", (id) => timers.clear(id)),
    ];
  }

  /** The prelude's `settle(id, reply)`; the handle stays the caller's to dispose. */
  connect(settle: QuickJSHandle): void {
    this.settleFunction = settle;
  }

  /** Appends a line to this slice's console output (an uncaught timer error, say). */
  note(line: string): void {
    this.console.append(line);
  }

  /**
   * Settles the promise of nested call `id` with its outcome. Returns the engine's error when the
   * sandbox could not take it (out of memory for the reply, an interrupt), for the caller to end
   * the cell with; undefined otherwise, also for an id that is not waiting.
   */
  resolve(id: number, outcome: NestedOutcome): QuickJSHandle | undefined {
    if (!this.waitingIds.delete(id) || !this.settleFunction) return undefined;
    const idHandle = this.ctx.newNumber(id);
    const reply = this.ctx.newString(JSON.stringify(outcome));
    const result = this.ctx.callFunction(this.settleFunction, this.ctx.undefined, idHandle, reply);
    reply.dispose();
    idHandle.dispose();
    if (result.error) return result.error;
    result.value.dispose();
    return undefined;
  }

  /** Whether a call with this id is waiting. */
  waiting(id: number): boolean {
    return this.waitingIds.has(id);
  }

  /** The slice's calls and console output, emptied; undefined when there is neither. */
  take(): SliceOutput | undefined {
    const { text, omitted } = this.console.take();
    if (this.calls.length === 0 && text === "" && omitted === 0) return undefined;
    const calls = this.calls;
    this.calls = [];
    return { calls, console: text, consoleOmitted: omitted };
  }

  private call(nameHandle: QuickJSHandle, argsHandle: QuickJSHandle): QuickJSHandle {
    const name = stringOf(this.ctx, nameHandle);
    const args = stringOf(this.ctx, argsHandle);
    if (name === undefined || args === undefined) throw new TypeError("tools: bad internal call");
    if (args.length > this.limits.maxArgsChars) throw new RangeError("tools: arguments too large");
    const id = ++this.nextCallId;
    this.waitingIds.add(id);
    this.calls.push({ id, name, args });
    return this.ctx.newNumber(id);
  }

  private log(text: QuickJSHandle): void {
    const line = stringOf(this.ctx, text);
    if (line !== undefined) this.console.append(line);
  }
}
