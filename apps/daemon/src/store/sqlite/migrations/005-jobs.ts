/**
 * Migration 5: the job queue, the same as PostgreSQL's (see `postgres/migrations/003-jobs.ts`)
 * with times in milliseconds. One process holds the database, so a job locked by another
 * instance id was left by a process that is gone.
 */
export const migration005 = {
  version: 5,
  name: "jobs",
  sql: `
CREATE TABLE jobs (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  kind TEXT NOT NULL,
  key TEXT,
  payload TEXT NOT NULL,
  run_at INTEGER NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  max_attempts INTEGER NOT NULL CHECK (max_attempts >= 1),
  locked_by TEXT,
  locked_until INTEGER,
  last_error TEXT,
  failed_at INTEGER,
  created_at INTEGER NOT NULL
);
CREATE INDEX jobs_due ON jobs (run_at, id) WHERE failed_at IS NULL;
CREATE INDEX jobs_key ON jobs (key, id) WHERE failed_at IS NULL AND key IS NOT NULL;
`,
} as const;
