/** Migration 1: accounts, tokens, grants, sessions, the journal, cards and attachment ownership. */
export const migration001 = {
  version: 1,
  name: "initial",
  sql: `
CREATE TABLE accounts (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('owner', 'admin', 'user')),
  created_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX accounts_one_owner ON accounts (role) WHERE role = 'owner';

CREATE TABLE tokens (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  hash TEXT NOT NULL UNIQUE,
  label TEXT,
  created_at INTEGER NOT NULL
);
CREATE INDEX tokens_account ON tokens (account_id);

CREATE TABLE plugin_grants (
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  plugin TEXT NOT NULL,
  PRIMARY KEY (account_id, plugin)
) WITHOUT ROWID;

CREATE TABLE account_settings (
  account_id INTEGER PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
  plugin_skills INTEGER NOT NULL DEFAULT 1
);

CREATE TABLE sessions (
  id TEXT PRIMARY KEY,
  owner_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  title TEXT,
  kind TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  leaf_id TEXT,
  next_seq INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX sessions_owner_updated ON sessions (owner_id, updated_at DESC, id DESC);

CREATE TABLE entries (
  id TEXT PRIMARY KEY,
  session_id TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  parent_id TEXT,
  seq INTEGER NOT NULL,
  kind TEXT NOT NULL,
  custom_type TEXT,
  hidden INTEGER NOT NULL DEFAULT 0,
  off_branch INTEGER NOT NULL DEFAULT 0,
  data TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  UNIQUE (session_id, seq)
);
CREATE INDEX entries_off_branch ON entries (session_id, custom_type) WHERE off_branch = 1;

CREATE TABLE cards (
  session_id TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  card_id TEXT NOT NULL,
  position INTEGER NOT NULL,
  data TEXT NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (session_id, card_id)
) WITHOUT ROWID;

CREATE TABLE attachments (
  session_id TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  hash TEXT NOT NULL,
  entry_id TEXT NOT NULL REFERENCES entries (id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('image', 'file')),
  mime_type TEXT NOT NULL,
  bytes INTEGER NOT NULL,
  filename TEXT,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (session_id, hash)
) WITHOUT ROWID;
CREATE INDEX attachments_hash ON attachments (hash);
`,
} as const;
