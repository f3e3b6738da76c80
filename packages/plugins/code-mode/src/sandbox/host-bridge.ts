import type { QuickJSContext, QuickJSDeferredPromise, QuickJSHandle } from "quickjs-emscripten";
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
 * functions the prelude receives (they take and return strings only), the nested calls waiting
 * for their outcome, and the console output and calls of the current slice.
 */
export class HostBridge {
  private readonly pending = new Map<number, QuickJSDeferredPromise>();
  private readonly console: BoundedText;
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

  /** Appends a line to this slice's console output (an uncaught timer error, say). */
  note(line: string): void {
    this.console.append(line);
  }

  /** Settles the promise of nested call `id` with its outcome; false for an unknown id. */
  resolve(id: number, outcome: NestedOutcome): boolean {
    const deferred = this.pending.get(id);
    if (!deferred) return false;
    this.pending.delete(id);
    const reply = this.ctx.newString(JSON.stringify(outcome));
    deferred.resolve(reply);
    reply.dispose();
    deferred.dispose();
    return true;
  }

  /** Whether a call with this id is waiting. */
  waiting(id: number): boolean {
    return this.pending.has(id);
  }

  /** The slice's calls and console output, emptied; undefined when there is neither. */
  take(): SliceOutput | undefined {
    const { text, omitted } = this.console.take();
    if (this.calls.length === 0 && text === "" && omitted === 0) return undefined;
    const calls = this.calls;
    this.calls = [];
    return { calls, console: text, consoleOmitted: omitted };
  }

  /** Frees the promises still waiting. */
  dispose(): void {
    for (const deferred of this.pending.values()) deferred.dispose();
    this.pending.clear();
  }

  private call(nameHandle: QuickJSHandle, argsHandle: QuickJSHandle): QuickJSHandle {
    const name = stringOf(this.ctx, nameHandle);
    const args = stringOf(this.ctx, argsHandle);
    if (name === undefined || args === undefined) throw new TypeError("tools: bad internal call");
    if (args.length > this.limits.maxArgsChars) throw new RangeError("tools: arguments too large");
    const id = ++this.nextCallId;
    const deferred = this.ctx.newPromise();
    this.pending.set(id, deferred);
    this.calls.push({ id, name, args });
    // The engine takes this handle over; the deferred keeps its resolvers.
    return deferred.handle;
  }

  private log(text: QuickJSHandle): void {
    const line = stringOf(this.ctx, text);
    if (line !== undefined) this.console.append(line);
  }
}
