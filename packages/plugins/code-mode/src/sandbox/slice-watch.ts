import {
  type CellFailureKind,
  type CellLimits,
  PROGRESS_BUSY,
  PROGRESS_SEQUENCE,
} from "./protocol.js";

/** Why a running script is being interrupted: a limit it hit, or the host's stop. */
export type InterruptReason = Exclude<CellFailureKind, "script" | "stack" | "internal">;

/**
 * The worker side of the time and memory limits. It answers the engine's interrupt polls (past
 * the busy limit within one slice, past the cell's deadline, or once the heap guard saw the cell
 * need more than its memory limit) and publishes, in memory shared with the host, whether a slice
 * is running and how many have started, for the host's watchdog.
 */
export class SliceWatch {
  /** Set once the cell must stop; every later poll interrupts at once. */
  reason: InterruptReason | undefined;
  private sliceStart = 0;
  private inSlice = false;

  constructor(
    private readonly progress: Int32Array,
    private readonly limits: Pick<CellLimits, "busyLimitMs" | "deadline">,
    private readonly heap: { readonly over: boolean },
  ) {}

  /** A slice starts: the busy clock restarts and the host sees progress. */
  begin(): void {
    this.sliceStart = Date.now();
    this.inSlice = true;
    Atomics.add(this.progress, PROGRESS_SEQUENCE, 1);
    Atomics.store(this.progress, PROGRESS_BUSY, 1);
  }

  /** The slice is over: the script waits on the host. */
  finish(): void {
    this.inSlice = false;
    Atomics.store(this.progress, PROGRESS_BUSY, 0);
  }

  /** Whether the cell must stop: sets {@link reason} to `memory` once the heap guard flagged it. */
  checkHeap(): boolean {
    if (!this.reason && this.heap.over) this.reason = "memory";
    return this.reason !== undefined;
  }

  /** The engine's interrupt handler. */
  shouldInterrupt(): boolean {
    if (this.reason) return true;
    // The engine also polls while it builds the context, before any slice has started.
    if (!this.inSlice) return false;
    if (this.checkHeap()) return true;
    const now = Date.now();
    if (now > this.limits.deadline) this.reason = "timeout";
    else if (now - this.sliceStart > this.limits.busyLimitMs) this.reason = "busy";
    return this.reason !== undefined;
  }
}
