/**
 * PostgreSQL migration 5: fencing and the relay. Each take of a session's hold gets a new
 * `generation` from one sequence, so a turn's writes can check, in their own transaction, that
 * the hold they started under is still theirs (an instance whose lease lapsed and whose session
 * was taken over commits nothing more). `relayed_requests` carries an answer, a permission
 * decision or an abort from the instance that received it to the instance running the turn: the
 * row is the request and its result, the notifications only point at it.
 */
export const pgMigration005 = {
  version: 5,
  name: "fencing-relay",
  sql: `
CREATE SEQUENCE session_hold_generations;
ALTER TABLE session_holds ADD COLUMN generation BIGINT NOT NULL DEFAULT nextval('session_hold_generations');

CREATE TABLE relayed_requests (
  id BIGSERIAL PRIMARY KEY,
  origin TEXT NOT NULL,
  target TEXT NOT NULL,
  session_id TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  request JSONB NOT NULL,
  result JSONB,
  created_at TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX relayed_requests_created ON relayed_requests (created_at);
`,
} as const;
