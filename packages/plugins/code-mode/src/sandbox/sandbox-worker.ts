import type { Worker } from "node:worker_threads";
import { type FromWorker, PROGRESS_BUSY, PROGRESS_SEQUENCE, type ToWorker } from "./protocol.js";
import { startSandboxWorker } from "./worker-entry.js";

/** What the current cell of a worker hears from it. */
export interface WorkerListener {
  message(message: FromWorker): void;
  /**
   * The thread died (killed, crashed, out of its own heap). `code` is its exit code when it
   * exited rather than failed: `HEAP_LIMIT_EXIT_CODE` when it ended itself at a cell's memory limit.
   */
  exit(error: Error, code?: number): void;
}

/** What the pool hears from every worker it started, whichever cell it runs. */
export interface WorkerWatch {
  /** The thread has exited, for whatever reason. */
  exited(): void;
  /** The thread's engine aborted (emscripten printed `Aborted(...)` and threw). */
  aborted(): void;
}

/**
 * The host's handle on one sandbox worker thread: its readiness, its messages, and the shared
 * progress counters the watchdog reads without waiting for the thread to answer.
 */
export class SandboxWorker {
  /** Resolves once the engine is loaded; rejects when the thread dies first. */
  readonly ready: Promise<void>;
  /** Cells this worker has run. */
  cellsRun = 0;
  /** The size of the thread's WebAssembly heap, as it last reported it (ready, or a cell's end). */
  heapBytes = 0;
  private readonly worker: Worker;
  private readonly progress: Int32Array;
  private listener: WorkerListener | undefined;
  private dead = false;

  constructor(heapLimitMb: number, watch: WorkerWatch) {
    const buffer = new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT);
    this.progress = new Int32Array(buffer);
    this.worker = startSandboxWorker({
      workerData: { progress: buffer },
      resourceLimits: { maxOldGenerationSizeMb: heapLimitMb, stackSizeMb: 8 },
    });
    this.ready = new Promise((resolve, reject) => {
      this.worker.on("message", (message: FromWorker) => {
        if (message.t === "ready") {
          this.heapBytes = message.heapBytes;
          resolve();
          return;
        }
        if (message.t === "aborted") {
          watch.aborted();
          return;
        }
        if (message.heapBytes !== undefined) this.heapBytes = message.heapBytes;
        this.listener?.message(message);
      });
      const died = (error: Error, code?: number) => {
        if (this.dead) return;
        this.dead = true;
        watch.exited();
        reject(error);
        this.listener?.exit(error, code);
      };
      this.worker.on("error", (error) => died(error));
      this.worker.on("exit", (code) =>
        died(new Error(`the sandbox worker thread exited (code ${code})`), code),
      );
    });
    this.ready.catch(() => {});
    // An idle sandbox never keeps the host process alive (see hold); after the listeners, since
    // adding a message listener refs the thread's port again.
    this.worker.unref();
  }

  /**
   * Whether the thread keeps the host process alive: while a cell holds it (starting included),
   * so that a script awaiting a cell is not cut short; never while it idles in the pool.
   */
  hold(held: boolean): void {
    if (this.dead) return;
    if (held) this.worker.ref();
    else this.worker.unref();
  }

  /** False once the thread has exited. */
  get alive(): boolean {
    return !this.dead;
  }

  /** Whether the script is running right now, and how many slices it has started. */
  readProgress(): { readonly busy: boolean; readonly sequence: number } {
    return {
      busy: Atomics.load(this.progress, PROGRESS_BUSY) === 1,
      sequence: Atomics.load(this.progress, PROGRESS_SEQUENCE),
    };
  }

  /**
   * Routes the worker's messages to `listener` until {@link detach}. A worker that died before
   * the listener came tells it at once, so that a cell never waits on a thread that is gone.
   */
  attach(listener: WorkerListener): void {
    this.listener = listener;
    if (this.dead) {
      queueMicrotask(() =>
        listener.exit(new Error("the sandbox worker thread exited before the cell started")),
      );
    }
  }

  /** Stops routing messages. */
  detach(): void {
    this.listener = undefined;
  }

  /** Sends a message; a dead worker drops it. */
  post(message: ToWorker): void {
    if (!this.dead) this.worker.postMessage(message);
  }

  /** Kills the thread at once, whatever it is doing. */
  terminate(): void {
    if (this.dead) return;
    void this.worker.terminate();
  }
}
