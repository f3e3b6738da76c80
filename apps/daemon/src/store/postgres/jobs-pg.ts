import type pg from "pg";
import { DEFAULT_MAX_ATTEMPTS, type JobQueue, type JobRecord } from "../jobs/job-queue.js";
import type { PgNotifier } from "./notifier.js";

/** The channel an enqueue notifies, so that idle workers on every instance claim at once. */
export const JOBS_CHANNEL = "elowen_jobs";

interface JobRow {
  id: number;
  kind: string;
  key: string | null;
  payload: unknown;
  run_at: Date;
  attempts: number;
  max_attempts: number;
  locked_by: string | null;
  locked_until: Date | null;
  last_error: string | null;
  failed_at: Date | null;
  created_at: Date;
}

const ms = (date: Date | null) => (date === null ? null : date.getTime());

function toJob(row: JobRow): JobRecord {
  return {
    id: row.id,
    kind: row.kind,
    payload: row.payload,
    key: row.key,
    runAt: row.run_at.getTime(),
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    lockedBy: row.locked_by,
    lockedUntil: ms(row.locked_until),
    lastError: row.last_error,
    failedAt: ms(row.failed_at),
    createdAt: row.created_at.getTime(),
  };
}

const COLUMNS = `jobs.id, jobs.kind, jobs.key, jobs.payload, jobs.run_at, jobs.attempts,
  jobs.max_attempts, jobs.locked_by, jobs.locked_until, jobs.last_error, jobs.failed_at, jobs.created_at`;

/** A lock nobody holds any more: none, run out, or its instance's lease gone. */
const LOCK_FREE = `(j.locked_by IS NULL OR j.locked_until < clock_timestamp()
  OR NOT EXISTS (SELECT 1 FROM instances i WHERE i.id = j.locked_by AND i.expires_at >= clock_timestamp()))`;

/**
 * The claim, one statement: jobs whose holder stopped on their last attempt are kept as failed;
 * then the first due job of the kinds, free, and the oldest live one of its key, is locked with
 * `FOR UPDATE SKIP LOCKED` (concurrent claimers pass over each other's rows instead of waiting)
 * and taken. A later job of a key is never a candidate while an earlier one lives, so two jobs
 * of one key never run at once, whichever instance claims them.
 */
const CLAIM = `
WITH exhausted AS (
  UPDATE jobs j SET failed_at = clock_timestamp(), locked_by = NULL, locked_until = NULL,
    last_error = 'its holder ' || j.locked_by || ' stopped during its last attempt'
  WHERE j.failed_at IS NULL AND j.locked_by IS NOT NULL AND j.attempts >= j.max_attempts
    AND j.kind = ANY($2) AND ${LOCK_FREE} AND NOT (j.id = ANY($4::bigint[]))
),
next AS (
  SELECT j.id FROM jobs j
  WHERE j.failed_at IS NULL AND j.kind = ANY($2) AND j.run_at <= clock_timestamp()
    AND j.attempts < j.max_attempts AND ${LOCK_FREE} AND NOT (j.id = ANY($4::bigint[]))
    AND (j.key IS NULL OR NOT EXISTS (
      SELECT 1 FROM jobs e WHERE e.key = j.key AND e.failed_at IS NULL AND e.id < j.id))
  ORDER BY j.run_at, j.id
  LIMIT 1
  FOR UPDATE OF j SKIP LOCKED
)
UPDATE jobs SET locked_by = $1, attempts = jobs.attempts + 1,
  locked_until = clock_timestamp() + $3 * interval '1 millisecond'
FROM next WHERE jobs.id = next.id
RETURNING ${COLUMNS}`;

/** The PostgreSQL job queue of the instance `instanceId` (see {@link JobQueue}). */
export async function pgJobs(
  pool: pg.Pool,
  notifier: PgNotifier,
  instanceId: string,
): Promise<JobQueue> {
  const listeners = new Set<() => void>();
  const wake = () => {
    for (const listener of listeners) listener();
  };
  await notifier.listen(JOBS_CHANNEL, wake);
  // Notifications sent while the listener reconnected are lost: look again.
  notifier.onResume(wake);
  return {
    async enqueue(job) {
      const { rows } = await pool.query<JobRow>(
        `WITH ins AS (
           INSERT INTO jobs (kind, key, payload, run_at, max_attempts)
           VALUES ($1, $2, $3, clock_timestamp() + $4 * interval '1 millisecond', $5)
           RETURNING *)
         SELECT ins.*, pg_notify('${JOBS_CHANNEL}', ins.kind) FROM ins`,
        [
          job.kind,
          job.key ?? null,
          JSON.stringify(job.payload),
          job.delayMs ?? 0,
          job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
        ],
      );
      return toJob(rows[0] as JobRow);
    },
    async claim(kinds, lockMs, skip = []) {
      const { rows } = await pool.query<JobRow>(CLAIM, [instanceId, kinds, lockMs, skip]);
      return rows[0] === undefined ? undefined : toJob(rows[0]);
    },
    async complete({ id, attempts }) {
      const done = await pool.query(
        "DELETE FROM jobs WHERE id = $1 AND locked_by = $2 AND attempts = $3",
        [id, instanceId, attempts],
      );
      return done.rowCount === 1;
    },
    async holds({ id, attempts }) {
      const held = await pool.query(
        "SELECT 1 FROM jobs WHERE id = $1 AND locked_by = $2 AND attempts = $3 AND failed_at IS NULL",
        [id, instanceId, attempts],
      );
      return held.rowCount === 1;
    },
    async fail({ id, attempts }, error, { retryInMs, final = false }) {
      const { rows } = await pool.query<{ failed: boolean }>(
        `UPDATE jobs SET last_error = $3, locked_by = NULL, locked_until = NULL,
           failed_at = CASE WHEN $4 OR attempts >= max_attempts THEN clock_timestamp() END,
           run_at = clock_timestamp() + $5 * interval '1 millisecond'
         WHERE id = $1 AND locked_by = $2 AND attempts = $6 AND failed_at IS NULL
         RETURNING failed_at IS NOT NULL AS failed`,
        [id, instanceId, error, final, retryInMs, attempts],
      );
      const row = rows[0];
      if (row === undefined) return "lost";
      return row.failed ? "failed" : "retrying";
    },
    async extend({ id, attempts }, lockMs) {
      const moved = await pool.query(
        `UPDATE jobs SET locked_until = clock_timestamp() + $3 * interval '1 millisecond'
         WHERE id = $1 AND locked_by = $2 AND attempts = $4 AND failed_at IS NULL`,
        [id, instanceId, lockMs, attempts],
      );
      return moved.rowCount === 1;
    },
    async failed(kind) {
      const { rows } = await pool.query<JobRow>(
        `SELECT ${COLUMNS} FROM jobs WHERE failed_at IS NOT NULL AND ($1::text IS NULL OR kind = $1)
         ORDER BY failed_at, id`,
        [kind ?? null],
      );
      return rows.map(toJob);
    },
    async pruneFailed(before) {
      // failed_at is on the database's clock, `before` on the caller's: retention is days, so
      // the clocks' skew is noise.
      const { rowCount } = await pool.query(
        "DELETE FROM jobs WHERE failed_at IS NOT NULL AND failed_at < $1",
        [new Date(before)],
      );
      return rowCount ?? 0;
    },
    async pending() {
      const { rows } = await pool.query<JobRow>(
        `SELECT ${COLUMNS} FROM jobs WHERE failed_at IS NULL ORDER BY id`,
      );
      return rows.map(toJob);
    },
    onEnqueued(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
