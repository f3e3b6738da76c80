/**
 * PostgreSQL migration 3: the job queue (deferred work such as the skill reviewer's runs). A row
 * is queued until a claim locks it for one instance (`locked_by`, `locked_until`, both on the
 * database's clock); it is deleted when it ran, and kept with `failed_at` and its last error once
 * its attempts are spent. The partial indexes cover only live rows, so kept failures cost claims
 * nothing.
 */
export const pgMigration003 = {
  version: 3,
  name: "jobs",
  sql: `
CREATE TABLE jobs (
  id BIGSERIAL PRIMARY KEY,
  kind TEXT NOT NULL,
  key TEXT,
  payload JSONB NOT NULL,
  run_at TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp(),
  attempts INTEGER NOT NULL DEFAULT 0,
  max_attempts INTEGER NOT NULL CHECK (max_attempts >= 1),
  locked_by TEXT,
  locked_until TIMESTAMPTZ,
  last_error TEXT,
  failed_at TIMESTAMPTZ,
  created_at TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX jobs_due ON jobs (run_at, id) WHERE failed_at IS NULL;
CREATE INDEX jobs_key ON jobs (key, id) WHERE failed_at IS NULL AND key IS NOT NULL;
CREATE INDEX jobs_failed ON jobs (failed_at, id) WHERE failed_at IS NOT NULL;
`,
} as const;
