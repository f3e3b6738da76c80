/** Migration 2: the turns a session has open, so a restart can mark the ones it interrupted. */
export const migration002 = {
  version: 2,
  name: "turns",
  sql: `
CREATE TABLE open_turns (
  turn_id TEXT PRIMARY KEY,
  session_id TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  started_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX open_turns_session ON open_turns (session_id);
`,
} as const;
