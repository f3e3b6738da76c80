import type {
  QuickJSContext,
  QuickJSHandle,
  QuickJSRuntime,
  QuickJSWASMModule,
} from "quickjs-emscripten";
import type { CellLimits } from "./protocol.js";
import { strayContexts } from "./stray-contexts.js";

/** What running the pending jobs ended with. */
export type JobsOutcome =
  | { readonly ok: true }
  /**
   * A job threw (an interrupt, a limit). A `trusted` error is the caller's to read and dispose;
   * an untrusted one is bound to a context the library made and the engine failed to create (or
   * that cannot be told apart from one): it may be read, never disposed.
   */
  | { readonly ok: false; readonly error: QuickJSHandle; readonly trusted: boolean };

/**
 * The engine state of one cell: a fresh QuickJS runtime and context under the cell's limits, and
 * the handles the host keeps on values inside it. It runs the pending jobs without letting the
 * library's stray contexts (see {@link strayContexts}) pile up, and frees everything in order.
 */
export class CellEngine {
  readonly rt: QuickJSRuntime;
  readonly ctx: QuickJSContext;
  private readonly heap: ReturnType<QuickJSWASMModule["getWasmMemory"]>;
  private readonly handles: QuickJSHandle[] = [];
  private jobsGrewHeap = false;

  constructor(
    quickjs: QuickJSWASMModule,
    limits: Pick<CellLimits, "memoryLimitBytes" | "stackLimitBytes">,
    interrupt: () => boolean,
  ) {
    this.heap = quickjs.getWasmMemory();
    this.rt = quickjs.newRuntime();
    this.rt.setMemoryLimit(limits.memoryLimitBytes);
    this.rt.setMaxStackSize(limits.stackLimitBytes);
    this.rt.setInterruptHandler(interrupt);
    this.ctx = this.rt.newContext();
  }

  /** The size of the worker's WebAssembly heap, which every cell's engine shares. */
  get heapBytes(): number {
    return this.heap.buffer.byteLength;
  }

  /** Keeps `handle` until {@link free}, which disposes it (unless it was disposed before). */
  keep(handle: QuickJSHandle): QuickJSHandle {
    this.handles.push(handle);
    return handle;
  }

  /**
   * Runs every pending job, then disposes any context the library made while doing so (after an
   * error, {@link free} does, once the caller has disposed the error bound to it).
   */
  runJobs(): JobsOutcome {
    const heap = this.heap.buffer;
    const jobs = this.rt.executePendingJobs(-1);
    // Only a run that grew the heap (and so detached the library's view of it) leaves a stray.
    const grew = this.heap.buffer !== heap;
    if (grew) this.jobsGrewHeap = true;
    const strays = grew ? strayContexts(this.rt, this.ctx) : undefined;
    if (jobs.error) {
      const bound = jobs.error.context;
      const trusted = bound === this.ctx || (strays?.made.includes(bound) ?? false);
      return { ok: false, error: jobs.error, trusted };
    }
    for (const stray of strays?.made ?? []) stray.dispose();
    return { ok: true };
  }

  /**
   * Frees the engine in order: what `first` frees (handles held elsewhere, as the timers'), every
   * kept handle (newest first), the context, any context the library left in the runtime, then the
   * runtime. False when that could not be done cleanly; the runtime is then left alone rather than
   * freed with something still in it, which would make the engine fail an assertion and abort.
   */
  free(first: () => void = () => {}): boolean {
    try {
      first();
      for (const handle of this.handles.reverse()) if (handle.alive) handle.dispose();
      this.ctx.dispose();
      const strays = strayContexts(this.rt, this.ctx);
      if (!strays && this.jobsGrewHeap) return false;
      for (const stray of strays?.made ?? []) stray.dispose();
      this.rt.dispose();
      return true;
    } catch {
      return false;
    }
  }
}
