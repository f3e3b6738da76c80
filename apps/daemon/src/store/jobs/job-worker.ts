import { ElowenError, errorMessage } from "@elowen/plugin-shared/errors";
import type { JobQueue, JobRecord } from "./job-queue.js";

/**
 * Runs one claimed job. Resolving completes it; throwing fails the attempt. `signal` aborts when
 * the claim is lost (its lock lapsed and the job was claimed again): the run must stop, and what
 * it would still commit is refused.
 */
export type JobHandler = (job: JobRecord, signal: AbortSignal) => Promise<void>;

/** Thrown by a handler whose failure a retry would not mend: the job is kept as failed now. */
export class FinalJobError extends ElowenError<"jobs.final_failure"> {
  override readonly name = "FinalJobError";
  constructor(message: string, options?: { readonly cause?: unknown }) {
    super({
      code: "jobs.final_failure",
      summary: message,
      ...(options?.cause === undefined ? {} : { cause: options.cause }),
    });
  }
}

/** The wait before the next attempt of a job that failed `attempts` times (ours): 1 s doubling, at most 5 min. */
export function defaultBackoffMs(attempts: number): number {
  return Math.min(300_000, 1000 * 2 ** Math.max(0, attempts - 1));
}

/** Options of {@link JobWorker}. */
export interface JobWorkerOptions {
  readonly queue: JobQueue;
  /** The handler of each kind this worker claims. */
  readonly handlers: Readonly<Record<string, JobHandler>>;
  /** Jobs run at once. */
  readonly concurrency: number;
  /** How long a claim locks a job; a running job's lock is extended every third of it. */
  readonly lockMs: number;
  /** Claims again at least this often: retries come due, a dead holder's jobs free up. */
  readonly pollMs: number;
  readonly backoffMs?: (attempts: number) => number;
  readonly log: (message: string) => void;
}

/**
 * Claims jobs of its kinds from a {@link JobQueue} and runs them, up to `concurrency` at once: on
 * every enqueue the queue reports, after each job, and every `pollMs`. A handler's rejection is
 * the attempt's failure (retried after `backoffMs`, or kept at once for a {@link FinalJobError}).
 */
export class JobWorker {
  readonly #options: JobWorkerOptions;
  readonly #kinds: readonly string[];
  readonly #running = new Set<Promise<void>>();
  /** The ids of the jobs running here: never claimed again while they run, even once lapsed. */
  readonly #runningIds = new Set<number>();
  #pumping: Promise<void> | undefined;
  #again = false;
  #stopped = true;
  #timer: NodeJS.Timeout | undefined;
  #unsubscribe: (() => void) | undefined;

  constructor(options: JobWorkerOptions) {
    this.#options = options;
    this.#kinds = Object.keys(options.handlers);
  }

  /** Starts claiming: now, on every enqueue, and every `pollMs`. */
  start(): void {
    if (!this.#stopped) return;
    this.#stopped = false;
    this.#unsubscribe = this.#options.queue.onEnqueued(() => this.wake());
    this.#timer = setInterval(() => this.wake(), this.#options.pollMs);
    this.#timer.unref();
    this.wake();
  }

  /** Claims what is due now (a no-op once stopped). */
  wake(): void {
    if (this.#stopped) return;
    if (this.#pumping) {
      this.#again = true;
      return;
    }
    this.#pumping = this.#pump().finally(() => {
      this.#pumping = undefined;
    });
  }

  /** Resolves once nothing is being claimed or run here (jobs claimed meanwhile included). */
  async drain(): Promise<void> {
    while (this.#pumping || this.#running.size > 0)
      await Promise.allSettled([this.#pumping, ...this.#running]);
  }

  /** Claims nothing more. Jobs running here go on; their owner cancels them. */
  stop(): void {
    this.#stopped = true;
    clearInterval(this.#timer);
    this.#unsubscribe?.();
  }

  async #pump(): Promise<void> {
    const { queue, concurrency, lockMs, log } = this.#options;
    while (!this.#stopped && this.#running.size < concurrency) {
      let job: JobRecord | undefined;
      try {
        job = await queue.claim(this.#kinds, lockMs, [...this.#runningIds]);
      } catch (error) {
        log(`claiming a job failed: ${errorMessage(error)}`);
        return;
      }
      if (!job) {
        if (!this.#again) return;
        this.#again = false;
        continue;
      }
      const claimed = job;
      this.#runningIds.add(claimed.id);
      const run = this.#run(claimed).finally(() => {
        this.#runningIds.delete(claimed.id);
        this.#running.delete(run);
        this.wake();
      });
      this.#running.add(run);
    }
  }

  async #run(job: JobRecord): Promise<void> {
    const { queue, lockMs, log } = this.#options;
    const lost = new AbortController();
    const keep = setInterval(
      () => {
        queue.extend(job, lockMs).then(
          (held) => {
            if (held || lost.signal.aborted) return;
            log(
              `job ${job.id} (${job.kind}) attempt ${job.attempts} lost its claim (its lock lapsed and the job was claimed again): its run is stopped`,
            );
            lost.abort(new Error(`job ${job.id} was claimed again`));
          },
          (error: unknown) => log(`extending job ${job.id} failed: ${errorMessage(error)}`),
        );
      },
      Math.max(50, Math.floor(lockMs / 3)),
    );
    keep.unref();
    try {
      const handler = this.#options.handlers[job.kind];
      if (!handler) throw new FinalJobError(`no handler for jobs of kind ${job.kind}`);
      await handler(job, lost.signal);
      clearInterval(keep);
      if (!(await queue.complete(job)))
        log(
          `job ${job.id} (${job.kind}) attempt ${job.attempts} ended, but the job was claimed again meanwhile: its completion is refused`,
        );
    } catch (error) {
      clearInterval(keep);
      const final = error instanceof FinalJobError;
      const retryInMs = (this.#options.backoffMs ?? defaultBackoffMs)(job.attempts);
      const outcome = await queue
        .fail(job, errorMessage(error), { retryInMs, final })
        .catch((failure: unknown) => `unrecorded (${errorMessage(failure)})`);
      log(
        `job ${job.id} (${job.kind}) attempt ${job.attempts} failed: ${errorMessage(error)}; ${outcome}`,
      );
    } finally {
      clearInterval(keep);
    }
  }
}
