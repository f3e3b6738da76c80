/**
 * PostgreSQL migration 2: the instances sharing the database, each alive while its lease (renewed
 * by a heartbeat, measured on the database's clock) has not run out; which instance holds each
 * session whose turn runs; and which instance runs each open turn, so that the turns of a dead
 * instance, and only those, are marked interrupted.
 */
export const pgMigration002 = {
  version: 2,
  name: "instances",
  sql: `
CREATE TABLE instances (
  id TEXT PRIMARY KEY,
  started_at TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp(),
  expires_at TIMESTAMPTZ NOT NULL
);

CREATE TABLE session_holds (
  session_id TEXT PRIMARY KEY REFERENCES sessions (id) ON DELETE CASCADE,
  instance_id TEXT NOT NULL REFERENCES instances (id) ON DELETE CASCADE,
  held_since TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX session_holds_instance ON session_holds (instance_id);

ALTER TABLE open_turns ADD COLUMN instance_id TEXT;
`,
} as const;
