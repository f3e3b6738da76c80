import type { QuickJSContext, QuickJSHandle } from "quickjs-emscripten";
import type { CellLimits } from "./protocol.js";

/**
 * The one timer a script is granted: `setTimeout`, bounded in count (`maxTimers`) and in delay
 * (never past the cell's deadline). Each firing runs as its own slice.
 */
export class SandboxTimers {
  private readonly live = new Map<number, { handle: QuickJSHandle; timer: NodeJS.Timeout }>();
  private nextId = 0;

  constructor(
    private readonly ctx: QuickJSContext,
    private readonly limits: Pick<CellLimits, "deadline" | "maxTimers">,
    private readonly slice: (run: () => void) => void,
    private readonly uncaught: (error: QuickJSHandle) => void,
  ) {}

  /** Starts a timer for `fnHandle`; throws in the script past `maxTimers` pending timers. */
  set(fnHandle: QuickJSHandle, msHandle: QuickJSHandle): QuickJSHandle {
    if (this.live.size >= this.limits.maxTimers) {
      throw new RangeError(
        `setTimeout: ${this.limits.maxTimers} timers are already pending, the most a cell may hold`,
      );
    }
    const requested = this.ctx.typeof(msHandle) === "number" ? this.ctx.getNumber(msHandle) : 0;
    const remaining = Math.max(0, this.limits.deadline - Date.now());
    const delay = Math.min(Number.isFinite(requested) ? Math.max(0, requested) : 0, remaining);
    const id = ++this.nextId;
    const handle = fnHandle.dup();
    const timer = setTimeout(() => this.fire(id), delay);
    this.live.set(id, { handle, timer });
    return this.ctx.newNumber(id);
  }

  /** Cancels a pending timer; unknown ids are ignored, as in browsers. */
  clear(idHandle: QuickJSHandle): void {
    const id = this.ctx.typeof(idHandle) === "number" ? this.ctx.getNumber(idHandle) : -1;
    const entry = this.live.get(id);
    if (!entry) return;
    clearTimeout(entry.timer);
    entry.handle.dispose();
    this.live.delete(id);
  }

  /** Cancels every pending timer; their callbacks stay held until {@link dispose}. */
  cancel(): void {
    for (const { timer } of this.live.values()) clearTimeout(timer);
  }

  /** Cancels every pending timer and frees its callback. */
  dispose(): void {
    this.cancel();
    for (const { handle } of this.live.values()) if (handle.alive) handle.dispose();
    this.live.clear();
  }

  private fire(id: number): void {
    const entry = this.live.get(id);
    if (!entry) return;
    this.live.delete(id);
    this.slice(() => {
      let result: ReturnType<QuickJSContext["callFunction"]>;
      // The callback's handle is freed whatever the call does, before the slice can end the cell.
      try {
        result = this.ctx.callFunction(entry.handle, this.ctx.undefined);
      } finally {
        entry.handle.dispose();
      }
      // A throwing callback ends nothing, as in a browser: the error is reported, not rethrown.
      if (result.error) this.uncaught(result.error);
      else result.value.dispose();
    });
  }
}
