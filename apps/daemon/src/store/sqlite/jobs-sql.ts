import type Database from "better-sqlite3";
import { DEFAULT_MAX_ATTEMPTS, type JobQueue, type JobRecord } from "../jobs/job-queue.js";

interface JobRow {
  id: number;
  kind: string;
  key: string | null;
  payload: string;
  run_at: number;
  attempts: number;
  max_attempts: number;
  locked_by: string | null;
  locked_until: number | null;
  last_error: string | null;
  failed_at: number | null;
  created_at: number;
}

function toJob(row: JobRow): JobRecord {
  return {
    id: row.id,
    kind: row.kind,
    payload: JSON.parse(row.payload),
    key: row.key,
    runAt: row.run_at,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    lockedBy: row.locked_by,
    lockedUntil: row.locked_until,
    lastError: row.last_error,
    failedAt: row.failed_at,
    createdAt: row.created_at,
  };
}

/** A lock nobody holds: none, run out, or another process's (that process is gone). */
const LOCK_FREE = "(locked_by IS NULL OR locked_by <> @me OR locked_until < @now)";

/**
 * The SQLite job queue: the same contract as PostgreSQL's on a database one process holds, so a
 * claim is a plain transaction (better-sqlite3 runs it whole) and a job another instance id
 * locked was left by a process that stopped; it is claimable again at this one's start.
 */
export function sqliteJobs(db: Database.Database, now: () => number, instanceId: string): JobQueue {
  const listeners = new Set<() => void>();
  const insert = db.prepare(
    `INSERT INTO jobs (kind, key, payload, run_at, max_attempts, created_at)
     VALUES (@kind, @key, @payload, @runAt, @maxAttempts, @now) RETURNING *`,
  );
  const exhaust = db.prepare(
    `UPDATE jobs SET failed_at = @now, locked_by = NULL, locked_until = NULL,
       last_error = 'its holder ' || locked_by || ' stopped during its last attempt'
     WHERE failed_at IS NULL AND locked_by IS NOT NULL AND attempts >= max_attempts
       AND ${LOCK_FREE} AND id NOT IN (SELECT value FROM json_each(@skip))`,
  );
  const next = db.prepare<Record<string, unknown>, JobRow>(
    `SELECT * FROM jobs j WHERE failed_at IS NULL AND run_at <= @now AND attempts < max_attempts
       AND ${LOCK_FREE} AND kind IN (SELECT value FROM json_each(@kinds))
       AND id NOT IN (SELECT value FROM json_each(@skip))
       AND (key IS NULL OR NOT EXISTS (
         SELECT 1 FROM jobs e WHERE e.key = j.key AND e.failed_at IS NULL AND e.id < j.id))
     ORDER BY run_at, id LIMIT 1`,
  );
  const take = db.prepare<Record<string, unknown>, JobRow>(
    `UPDATE jobs SET locked_by = @me, locked_until = @until, attempts = attempts + 1
     WHERE id = @id RETURNING *`,
  );
  const claim = db.transaction((kinds: readonly string[], lockMs: number, skipped: string) => {
    const at = now();
    exhaust.run({ me: instanceId, now: at, skip: skipped });
    const row = next.get({ me: instanceId, now: at, kinds: JSON.stringify(kinds), skip: skipped });
    return row && take.get({ me: instanceId, until: at + lockMs, id: row.id });
  });
  const complete = db.prepare("DELETE FROM jobs WHERE id = ? AND locked_by = ? AND attempts = ?");
  const holds = db.prepare(
    "SELECT 1 FROM jobs WHERE id = ? AND locked_by = ? AND attempts = ? AND failed_at IS NULL",
  );
  const fail = db.prepare<Record<string, unknown>, { failed_at: number | null }>(
    `UPDATE jobs SET last_error = @error, locked_by = NULL, locked_until = NULL,
       failed_at = CASE WHEN @final OR attempts >= max_attempts THEN @now END,
       run_at = @now + @retryInMs
     WHERE id = @id AND locked_by = @me AND attempts = @attempts AND failed_at IS NULL
     RETURNING failed_at`,
  );
  const extend = db.prepare(
    "UPDATE jobs SET locked_until = ? WHERE id = ? AND locked_by = ? AND attempts = ? AND failed_at IS NULL",
  );
  const failed = db.prepare<[string | null, string | null], JobRow>(
    "SELECT * FROM jobs WHERE failed_at IS NOT NULL AND (? IS NULL OR kind = ?) ORDER BY failed_at, id",
  );
  const prune = db.prepare("DELETE FROM jobs WHERE failed_at IS NOT NULL AND failed_at < ?");
  const pending = db.prepare<[], JobRow>("SELECT * FROM jobs WHERE failed_at IS NULL ORDER BY id");
  return {
    async enqueue(job) {
      const at = now();
      const row = insert.get({
        kind: job.kind,
        key: job.key ?? null,
        payload: JSON.stringify(job.payload),
        runAt: at + (job.delayMs ?? 0),
        maxAttempts: job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
        now: at,
      }) as JobRow;
      // After the caller's continuation, as a NOTIFY is delivered after the commit.
      queueMicrotask(() => {
        for (const listener of listeners) listener();
      });
      return toJob(row);
    },
    async claim(kinds, lockMs, skip = []) {
      const row = claim(kinds, lockMs, JSON.stringify(skip));
      return row ? toJob(row) : undefined;
    },
    async complete({ id, attempts }) {
      return complete.run(id, instanceId, attempts).changes === 1;
    },
    async holds({ id, attempts }) {
      return holds.get(id, instanceId, attempts) !== undefined;
    },
    async fail({ id, attempts }, error, { retryInMs, final = false }) {
      const row = fail.get({
        id,
        attempts,
        me: instanceId,
        error,
        final: final ? 1 : 0,
        now: now(),
        retryInMs,
      });
      if (row === undefined) return "lost";
      return row.failed_at === null ? "retrying" : "failed";
    },
    async extend({ id, attempts }, lockMs) {
      return extend.run(now() + lockMs, id, instanceId, attempts).changes === 1;
    },
    async failed(kind) {
      return failed.all(kind ?? null, kind ?? null).map(toJob);
    },
    async pruneFailed(before) {
      return prune.run(before).changes;
    },
    async pending() {
      return pending.all().map(toJob);
    },
    onEnqueued(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
