/** PostgreSQL migration 4: a session's workspace, as SQLite's migration 6. */
export const pgMigration004 = {
  version: 4,
  name: "session-workspace",
  sql: `
ALTER TABLE sessions ADD COLUMN workspace TEXT;
`,
} as const;
