/** A job to queue: what to run (`kind`), its input, and how it may be retried. */
export interface NewJob {
  /** What runs it: a worker handles the kinds it names (`skill-review`). */
  readonly kind: string;
  /** The job's input, stored as JSON. */
  readonly payload: unknown;
  /**
   * Jobs with the same key run one at a time, oldest first: a later one waits until the earlier
   * has finished or failed for good (one session's reviews never overlap). No key: no ordering.
   */
  readonly key?: string;
  /** Runs no earlier than this many milliseconds from now (default 0). */
  readonly delayMs?: number;
  /** Claims a job gets before it is kept as failed (default {@link DEFAULT_MAX_ATTEMPTS}). */
  readonly maxAttempts?: number;
}

/** Claims a job gets when the enqueuer names no `maxAttempts` (ours). */
export const DEFAULT_MAX_ATTEMPTS = 3;

/** A queued, running or failed job as stored. Times are milliseconds since the epoch. */
export interface JobRecord {
  readonly id: number;
  readonly kind: string;
  readonly payload: unknown;
  readonly key: string | null;
  readonly runAt: number;
  /** Claims so far, the one running included. */
  readonly attempts: number;
  readonly maxAttempts: number;
  /** The instance holding it now, or null. */
  readonly lockedBy: string | null;
  readonly lockedUntil: number | null;
  readonly lastError: string | null;
  /** Set once the job failed its last attempt: it is kept, never claimed again. */
  readonly failedAt: number | null;
  readonly createdAt: number;
}

/**
 * One claim of a job: its id and the attempt the claim counted. The attempt is the claim's
 * fencing token: every claim counts one, so a holder whose lock lapsed and whose job was claimed
 * again (by another instance, or by this one) names an attempt that is no longer the job's.
 */
export type JobClaim = Pick<JobRecord, "id" | "attempts">;

/** What a failed attempt became: scheduled again, kept as failed, or no longer this holder's. */
export type JobFailure = "retrying" | "failed" | "lost";

/**
 * Deferred work in the store, so that a job outlives the process that queued it. A claim hands a
 * job to exactly one holder and locks it until `lockMs` has passed; a job whose holder stopped
 * (its lock ran out, or on a shared database its instance's lease did) is claimable again. Each
 * claim counts an attempt; an attempt that fails is retried after its backoff until
 * `maxAttempts`, then kept with its error. Completing, failing or extending a claim after the
 * job was claimed again since (by another holder, or by this one after its lock lapsed) changes
 * nothing (answers false or `lost`): the claim is fenced by its attempt.
 */
export interface JobQueue {
  /** Queues a job and wakes idle workers (NOTIFY on PostgreSQL). */
  enqueue(job: NewJob): Promise<JobRecord>;
  /**
   * Claims the next due job of one of `kinds` for this instance, or undefined when none is. The
   * jobs of `skip` (those this instance is running) are never claimed, even once their lock lapsed.
   */
  claim(
    kinds: readonly string[],
    lockMs: number,
    skip?: readonly number[],
  ): Promise<JobRecord | undefined>;
  /** The job ran: it is removed. False when the claim is no longer the job's (fenced). */
  complete(claim: JobClaim): Promise<boolean>;
  /** True while the claim is still the job's: its run may go on and commit what it did. */
  holds(claim: JobClaim): Promise<boolean>;
  /**
   * The attempt failed with `error`: the job runs again after `retryInMs`, or, at its last
   * attempt or when `final`, is kept as failed.
   */
  fail(
    claim: JobClaim,
    error: string,
    options: { readonly retryInMs: number; readonly final?: boolean },
  ): Promise<JobFailure>;
  /** Pushes this instance's lock on a running job `lockMs` further. False once lost. */
  extend(claim: JobClaim, lockMs: number): Promise<boolean>;
  /** Jobs kept as failed, oldest first (optionally of one kind). */
  failed(kind?: string): Promise<readonly JobRecord[]>;
  /**
   * Deletes the jobs kept as failed whose `failedAt` is before `before` (milliseconds since the
   * epoch); a job that failed at `before` exactly is kept. Answers how many were deleted.
   */
  pruneFailed(before: number): Promise<number>;
  /** Every job not failed for good (queued or running), oldest first. */
  pending(): Promise<readonly JobRecord[]>;
  /** Calls `listener` whenever a job may have become claimable (an enqueue anywhere). */
  onEnqueued(listener: () => void): () => void;
}
