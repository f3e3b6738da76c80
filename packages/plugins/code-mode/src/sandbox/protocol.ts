/**
 * Messages between the host thread and a sandbox worker. Only strings and numbers cross: a
 * script's values are serialised inside the sandbox and never reach the host as objects.
 */

/** The limits one cell runs under, as the worker enforces them. */
export interface CellLimits {
  readonly memoryLimitBytes: number;
  readonly stackLimitBytes: number;
  readonly busyLimitMs: number;
  readonly cellTimeoutMs: number;
  /** Epoch milliseconds after which the cell is interrupted. */
  readonly deadline: number;
  readonly maxArgsChars: number;
  readonly maxConsoleChars: number;
  readonly maxResultChars: number;
  readonly maxTimers: number;
}

/** Host → worker. */
export type ToWorker =
  | {
      readonly t: "start";
      readonly script: string;
      readonly tools: readonly string[];
      readonly limits: CellLimits;
    }
  | { readonly t: "settle"; readonly id: number; readonly outcome: NestedOutcome }
  | { readonly t: "stop"; readonly kind: "timeout" | "stopped"; readonly reason: string };

/** What a nested call resolves to inside the script. */
export type NestedOutcome =
  | { readonly ok: true; readonly text: string }
  | { readonly ok: false; readonly message: string; readonly text: string };

/** A nested call the script made, its arguments as JSON text. */
export interface NestedRequest {
  readonly id: number;
  readonly name: string;
  readonly args: string;
}

/** Why a cell ended without a value. */
export type CellFailureKind =
  | "script"
  | "timeout"
  | "busy"
  | "memory"
  | "stack"
  | "stopped"
  | "internal";

/** How a cell ended. `value` is the script's return value, serialised; absent for `undefined`. */
export type CellEnd =
  | { readonly ok: true; readonly value?: string }
  | { readonly ok: false; readonly kind: CellFailureKind; readonly error: string };

/** Worker → host. A slice is what one run of the script produced before it awaited again. */
export type FromWorker =
  | {
      readonly t: "ready";
      /** The size of the worker's WebAssembly heap once the engine is loaded and warmed up. */
      readonly heapBytes: number;
    }
  /** The engine aborted (emscripten's `Aborted(...)`): its module may no longer be trusted. */
  | { readonly t: "aborted"; readonly what: string }
  | {
      readonly t: "slice";
      readonly calls: readonly NestedRequest[];
      readonly console: string;
      readonly consoleOmitted: number;
      readonly end?: CellEnd;
      /** With `end`: the size of the worker's WebAssembly heap once the cell's engine was freed. */
      readonly heapBytes?: number;
      /**
       * Retire the worker rather than reuse it: the cell's engine could not be freed cleanly, or
       * the worker's heap grew past what its next cell may be measured against (see `HeapGuard`).
       */
      readonly recycle?: boolean;
    };

/**
 * The exit code of a worker that ended itself because a cell's engine kept growing the heap past
 * its memory limit (native work that does not poll the interrupt): the cell ends with its memory
 * limit, and the thread is gone on purpose.
 */
export const HEAP_LIMIT_EXIT_CODE = 86;

/** Indexes of the shared progress counters the watchdog reads. */
export const PROGRESS_BUSY = 0;
/** Incremented at the start of every slice. */
export const PROGRESS_SEQUENCE = 1;
