import { errorMessage } from "@elowen/plugin-shared/errors";
import type { JobQueue } from "./job-queue.js";

/** Days a job kept as failed stays in the store when `jobs.failedRetentionDays` is not set (ours). */
export const DEFAULT_FAILED_JOB_RETENTION_DAYS = 7;
/** The longest `jobs.failedRetentionDays` accepted (ours): ten years. */
export const MAX_FAILED_JOB_RETENTION_DAYS = 3650;
/** How often failed jobs past their retention are looked for (ours). */
export const FAILED_JOB_PRUNE_INTERVAL_MS = 3_600_000;

const DAY_MS = 86_400_000;

/**
 * Deletes the jobs kept as failed more than `failedRetentionDays` ago, now and every
 * {@link FAILED_JOB_PRUNE_INTERVAL_MS}, so that failures stay readable for a while and the table
 * does not grow forever. On a shared database every instance prunes; the deletes are idempotent.
 * The timer never keeps the process alive; a prune that fails is logged.
 */
export function startFailedJobPrune(
  jobs: JobQueue,
  options: { readonly failedRetentionDays: number },
  now: () => number,
  log: (message: string) => void,
): { stop(): void } {
  const run = async () => {
    try {
      const removed = await jobs.pruneFailed(now() - options.failedRetentionDays * DAY_MS);
      if (removed > 0)
        log(
          `deleted ${removed} failed job(s) kept longer than ${options.failedRetentionDays} day(s)`,
        );
    } catch (error) {
      log(`pruning failed jobs failed: ${errorMessage(error)}`);
    }
  };
  void run();
  const timer = setInterval(run, FAILED_JOB_PRUNE_INTERVAL_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
