/**
 * Migration 4: `open_turns` loses its index by session. The table holds only the turns running
 * now, so the one lookup by session (a deleted session's cascade) scans a handful of rows, while
 * the index cost a page write when every turn opened and again when it closed.
 */
export const migration004 = {
  version: 4,
  name: "open-turns-scan",
  sql: `
DROP INDEX IF EXISTS open_turns_session;
`,
} as const;
