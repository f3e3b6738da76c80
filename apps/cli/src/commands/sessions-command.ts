import { CONNECTION_OPTIONS, type CommandSpec, JSON_OPTION } from "../cli/command-spec.js";
import { SESSIONS_LIST_MAX } from "./sessions-limits.js";

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
