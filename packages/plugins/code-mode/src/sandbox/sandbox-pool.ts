import { CodeModeError } from "../code-mode-error.js";
import { SandboxWorker } from "./sandbox-worker.js";

/** A worker runs at most this many cells before it is replaced, bounding engine heap growth. */
export const MAX_CELLS_PER_WORKER = 200;

/** The pool's bounds. */
export interface SandboxPoolOptions {
  /** Cells running at once; each holds one worker for its whole life. */
  readonly maxWorkers: number;
  /** Idle workers kept started so that a cell starts without loading the engine. */
  readonly warmWorkers: number;
  /** The V8 heap a worker thread may use for itself (the engine's memory is limited per cell). */
  readonly heapLimitMb: number;
}

/** Thrown by {@link SandboxPool.acquire} when `maxWorkers` cells are already running. */
export class SandboxPoolFullError extends CodeModeError {
  override readonly name = "SandboxPoolFullError";

  constructor(message: string) {
    super("code_mode.pool_full", message);
  }
}

/** Counts a test or an operator can read about the pool's worker threads. */
export interface SandboxPoolStats {
  /** Workers started and waiting for a cell. */
  readonly idle: number;
  /** Workers running a cell. */
  readonly busy: number;
  /** Workers started in all; each one costs a thread start and an engine load (a cold start). */
  readonly started: number;
  /**
   * Workers whose thread has ended: retired after a cell whose engine could not be freed or whose
   * heap grew past its memory limit (or more than 16 MiB past a fresh worker's), after
   * `MAX_CELLS_PER_WORKER` cells or when more than `warmWorkers` would idle; ended by themselves
   * at a cell's memory limit; killed at a limit the engine did not answer; crashed; or closed with
   * the pool.
   */
  readonly exited: number;
  /**
   * Times a worker's engine aborted (emscripten printed `Aborted(...)`, as for a failed assertion
   * while freeing a runtime). Each abort is on the host's standard error too; it should stay 0.
   */
  readonly aborts: number;
  /** The WebAssembly heaps of the live workers, in bytes, as each reported last (a cell's end). */
  readonly heapBytes: number;
}

/**
 * The worker threads that run cells. A cell takes a worker from the pool and gives it back when
 * it ends, its engine freed; a worker whose engine could not be freed, or whose thread was killed
 * or died, is terminated instead and replaced in the background.
 */
export class SandboxPool {
  private readonly idle: SandboxWorker[] = [];
  private readonly busy = new Set<SandboxWorker>();
  private started = 0;
  private exited = 0;
  private aborts = 0;
  private closed = false;

  constructor(private readonly options: SandboxPoolOptions) {}

  /** Starts idle workers up to `warmWorkers`, within `maxWorkers`. */
  warm(): void {
    if (this.closed) return;
    const room = this.options.maxWorkers - this.busy.size - this.idle.length;
    const wanted = Math.min(room, this.options.warmWorkers - this.idle.length);
    for (let i = 0; i < wanted; i++) this.idle.push(this.spawn());
  }

  /**
   * A ready worker for one cell. Rejects with {@link SandboxPoolFullError} when `maxWorkers`
   * cells are running, or with the thread's error when a new worker fails to start.
   */
  async acquire(): Promise<SandboxWorker> {
    if (this.closed) {
      throw new CodeModeError("code_mode.pool_closed", "the code-mode sandbox pool is closed");
    }
    if (this.busy.size >= this.options.maxWorkers) {
      throw new SandboxPoolFullError(
        `${this.busy.size === 1 ? "1 cell is" : `${this.busy.size} cells are`} already running, the most this host runs at once (maxWorkers); wait for a running cell to finish first`,
      );
    }
    let worker = this.idle.shift();
    while (worker && !worker.alive) worker = this.idle.shift();
    worker ??= this.spawn();
    this.busy.add(worker);
    worker.hold(true);
    try {
      await worker.ready;
    } catch (error) {
      this.busy.delete(worker);
      worker.hold(false);
      throw error;
    }
    return worker;
  }

  /**
   * Takes a worker back: kept idle when it is healthy and fewer than `warmWorkers` are idle,
   * terminated otherwise (and then replaced, when warm workers are wanted).
   */
  release(worker: SandboxWorker, healthy: boolean): void {
    this.busy.delete(worker);
    worker.detach();
    worker.hold(false);
    worker.cellsRun++;
    const keep =
      healthy &&
      worker.alive &&
      !this.closed &&
      worker.cellsRun < MAX_CELLS_PER_WORKER &&
      this.idle.length < this.options.warmWorkers;
    if (keep) this.idle.push(worker);
    else {
      worker.terminate();
      this.warm();
    }
  }

  /** Current counts. */
  stats(): SandboxPoolStats {
    let heapBytes = 0;
    for (const worker of [...this.idle, ...this.busy])
      if (worker.alive) heapBytes += worker.heapBytes;
    return {
      idle: this.idle.length,
      busy: this.busy.size,
      started: this.started,
      exited: this.exited,
      aborts: this.aborts,
      heapBytes,
    };
  }

  /** Terminates every worker; running cells end as their threads exit. */
  close(): void {
    this.closed = true;
    for (const worker of [...this.idle, ...this.busy]) worker.terminate();
    this.idle.length = 0;
    this.busy.clear();
  }

  private spawn(): SandboxWorker {
    this.started++;
    return new SandboxWorker(this.options.heapLimitMb, {
      exited: () => this.exited++,
      aborted: () => this.aborts++,
    });
  }
}
