/**
 * Migration 3: usage charged to an account outside any turn's journal (a post-turn skill review),
 * with the origin, the connection it went out on and its four token counts.
 */
export const migration003 = {
  version: 3,
  name: "usage-charges",
  sql: `
CREATE TABLE usage_charges (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  session_id TEXT REFERENCES sessions (id) ON DELETE SET NULL,
  origin TEXT NOT NULL,
  purpose TEXT NOT NULL,
  provider_id TEXT NOT NULL,
  connection_id TEXT NOT NULL,
  generation INTEGER NOT NULL,
  model TEXT NOT NULL,
  input_tokens INTEGER NOT NULL,
  output_tokens INTEGER NOT NULL,
  cache_read_tokens INTEGER NOT NULL,
  cache_write_tokens INTEGER NOT NULL,
  cost_usd REAL NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX usage_charges_account ON usage_charges (account_id, id);
`,
} as const;
