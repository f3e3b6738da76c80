import {
  type CellFailureKind,
  type CellLimits,
  PROGRESS_BUSY,
  PROGRESS_SEQUENCE,
} from "./protocol.js";
import { threadCpuMs } from "./thread-cpu.js";

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
  private sliceCpuStart = 0;
  /** Wall time before which the thread's CPU time is not read again (reading it is a syscall). */
  private nextCpuCheck = 0;
  private inSlice = false;

  constructor(
    private readonly progress: Int32Array,
    private readonly limits: Pick<CellLimits, "busyLimitMs" | "deadline">,
    private readonly heap: { readonly over: boolean },
    private readonly clocks: SliceClocks = systemSliceClocks,
  ) {}

  /** A slice starts: the busy clock restarts and the host sees progress. */
  begin(): void {
    this.sliceStart = this.clocks.wallMs();
    this.sliceCpuStart = this.clocks.cpuMs();
    this.nextCpuCheck = 0;
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
    const now = this.clocks.wallMs();
    if (now > this.limits.deadline) this.reason = "timeout";
    else if (now - this.sliceStart > this.limits.busyLimitMs && this.cpuPastLimit(now))
      this.reason = "busy";
    return this.reason !== undefined;
  }

  /**
   * The busy limit counts the CPU time the slice used, not wall time: on a loaded machine a slice
   * waits for a core, and that wait is not the script's. Read only once wall time has passed the
   * limit (CPU time cannot have passed it sooner), then at most every {@link CPU_RECHECK_MS}.
   */
  private cpuPastLimit(now: number): boolean {
    if (now < this.nextCpuCheck) return false;
    this.nextCpuCheck = now + CPU_RECHECK_MS;
    return this.clocks.cpuMs() - this.sliceCpuStart > this.limits.busyLimitMs;
  }
}

/** How often a slice past the busy limit in wall time reads its CPU time again, in ms. */
export const CPU_RECHECK_MS = 5;

/** The clocks a slice is measured with: wall time for the deadline, CPU time for the busy limit. */
export interface SliceClocks {
  wallMs(): number;
  cpuMs(): number;
}

const systemSliceClocks: SliceClocks = { wallMs: Date.now, cpuMs: threadCpuMs };
