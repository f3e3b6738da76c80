import { CONNECTION_OPTIONS, type CommandSpec, JSON_OPTION } from "../cli/command-spec.js";

/** `elowen status`: the daemon's version, model, whether it admits work, and its plugins. */
export const statusCommand: CommandSpec = {
  name: "status",
  summary: "Show the daemon's status: version, model, plugins, MCP servers",
  usage: ["status [--json]"],
  options: { ...JSON_OPTION, ...CONNECTION_OPTIONS },
  maxPositionals: 0,
  async run(context) {
    const { runStatus } = await import("./status-run.js");
    return runStatus(context);
  },
};
