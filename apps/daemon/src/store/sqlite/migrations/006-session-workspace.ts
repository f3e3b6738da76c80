/**
 * Migration 6: a session's workspace, the directory it was created in (absolute, checked against
 * `brain.allowedWorkspaces` when it entered); null for a session in its own `<home>/workspaces/<id>`.
 */
export const migration006 = {
  version: 6,
  name: "session-workspace",
  sql: `
ALTER TABLE sessions ADD COLUMN workspace TEXT;
`,
} as const;
