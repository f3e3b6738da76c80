/**
 * PostgreSQL migration 1: the SQLite schema of migrations 1 to 4 (accounts, tokens, grants,
 * sessions, the journal, cards, attachment ownership, open turns, usage charges), plus the blobs
 * themselves, which live in the database so that every instance reads what any instance stored.
 */
export const pgMigration001 = {
  version: 1,
  name: "initial",
  sql: `
CREATE TABLE accounts (
  id BIGSERIAL PRIMARY KEY,
  name TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('owner', 'admin', 'user')),
  created_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX accounts_one_owner ON accounts (role) WHERE role = 'owner';

CREATE TABLE tokens (
  id BIGSERIAL PRIMARY KEY,
  account_id BIGINT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  hash TEXT NOT NULL UNIQUE,
  label TEXT,
  created_at BIGINT NOT NULL
);
CREATE INDEX tokens_account ON tokens (account_id);

CREATE TABLE plugin_grants (
  account_id BIGINT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  plugin TEXT NOT NULL,
  PRIMARY KEY (account_id, plugin)
);

CREATE TABLE account_settings (
  account_id BIGINT PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
  plugin_skills BOOLEAN NOT NULL DEFAULT TRUE
);

CREATE TABLE sessions (
  id TEXT PRIMARY KEY,
  owner_id BIGINT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  title TEXT,
  kind TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  leaf_id TEXT,
  next_seq BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX sessions_owner_updated ON sessions (owner_id, updated_at DESC, id DESC);

CREATE TABLE entries (
  id TEXT PRIMARY KEY,
  session_id TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  parent_id TEXT,
  seq BIGINT NOT NULL,
  kind TEXT NOT NULL,
  custom_type TEXT,
  hidden BOOLEAN NOT NULL DEFAULT FALSE,
  off_branch BOOLEAN NOT NULL DEFAULT FALSE,
  data TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  UNIQUE (session_id, seq)
);
CREATE INDEX entries_off_branch ON entries (session_id, custom_type) WHERE off_branch;

CREATE TABLE cards (
  session_id TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  card_id TEXT NOT NULL,
  position BIGINT NOT NULL,
  data TEXT NOT NULL,
  updated_at BIGINT NOT NULL,
  PRIMARY KEY (session_id, card_id)
);

CREATE TABLE attachments (
  session_id TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  hash TEXT NOT NULL,
  entry_id TEXT NOT NULL REFERENCES entries (id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('image', 'file')),
  mime_type TEXT NOT NULL,
  bytes BIGINT NOT NULL,
  filename TEXT,
  created_at BIGINT NOT NULL,
  PRIMARY KEY (session_id, hash)
);
CREATE INDEX attachments_hash ON attachments (hash);

CREATE TABLE open_turns (
  turn_id TEXT PRIMARY KEY,
  session_id TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  started_at BIGINT NOT NULL
);
CREATE INDEX open_turns_session ON open_turns (session_id);

CREATE TABLE usage_charges (
  id BIGSERIAL PRIMARY KEY,
  account_id BIGINT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  session_id TEXT REFERENCES sessions (id) ON DELETE SET NULL,
  origin TEXT NOT NULL,
  purpose TEXT NOT NULL,
  provider_id TEXT NOT NULL,
  connection_id TEXT NOT NULL,
  generation BIGINT NOT NULL,
  model TEXT NOT NULL,
  input_tokens BIGINT NOT NULL,
  output_tokens BIGINT NOT NULL,
  cache_read_tokens BIGINT NOT NULL,
  cache_write_tokens BIGINT NOT NULL,
  cost_usd DOUBLE PRECISION NOT NULL,
  created_at BIGINT NOT NULL
);
CREATE INDEX usage_charges_account ON usage_charges (account_id, id);

CREATE TABLE blobs (
  hash TEXT PRIMARY KEY CHECK (hash ~ '^[0-9a-f]{64}$'),
  bytes BYTEA NOT NULL,
  created_at BIGINT NOT NULL
);
`,
} as const;
