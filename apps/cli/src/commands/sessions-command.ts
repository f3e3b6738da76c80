import { CONNECTION_OPTIONS, type CommandSpec, JSON_OPTION } from "../cli/command-spec.js";

/** The most sessions `elowen sessions` lists (ours). */
export const SESSIONS_LIST_MAX = 1000;

/** `elowen sessions`: the account's sessions, most recently updated first. */
export const sessionsCommand: CommandSpec = {
  name: "sessions",
  summary: "List your sessions, most recently updated first",
  usage: ["sessions [--limit <n>] [--json]"],
  options: {
    limit: {
      type: "string",
      value: "<n>",
      description: `how many to list, 1 to ${SESSIONS_LIST_MAX} (default 50)`,
    },
    ...JSON_OPTION,
    ...CONNECTION_OPTIONS,
  },
  maxPositionals: 0,
  async run(context) {
    const { runSessions } = await import("./sessions-run.js");
    return runSessions(context);
  },
};
