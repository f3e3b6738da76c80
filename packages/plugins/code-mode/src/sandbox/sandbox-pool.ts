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
export class SandboxPoolFullError extends Error {
  override readonly name = "SandboxPoolFullError";
  readonly code = "code_mode.pool_full";
}

/** Counts a test or an operator can read: workers idle, running a cell, and started in all. */
export interface SandboxPoolStats {
  readonly idle: number;
  readonly busy: number;
  readonly started: number;
}

/**
 * The worker threads that run cells. A cell takes a worker from the pool and gives it back when
 * it ends; a worker whose engine may be unhealthy (a killed loop, an out-of-memory cell, a crash)
 * is terminated instead and replaced in the background.
 */
export class SandboxPool {
  private readonly idle: SandboxWorker[] = [];
  private readonly busy = new Set<SandboxWorker>();
  private started = 0;
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
    if (this.closed) throw new Error("the code-mode sandbox pool is closed");
    if (this.busy.size >= this.options.maxWorkers) {
      throw new SandboxPoolFullError(
        `${this.busy.size === 1 ? "1 cell is" : `${this.busy.size} cells are`} already running, the most this host runs at once (maxWorkers); wait for a running cell to finish first`,
      );
    }
    let worker = this.idle.shift();
    while (worker && !worker.alive) worker = this.idle.shift();
    worker ??= this.spawn();
    this.busy.add(worker);
    try {
      await worker.ready;
    } catch (error) {
      this.busy.delete(worker);
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
    return { idle: this.idle.length, busy: this.busy.size, started: this.started };
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
    return new SandboxWorker(this.options.heapLimitMb);
  }
}
