import { CONNECTION_OPTIONS, type CommandSpec, JSON_OPTION } from "../cli/command-spec.js";
import { formatJson, formatTable } from "../cli/table.js";
import { withClient } from "./with-client.js";

/** `elowen status`: the daemon's version, model, whether it admits work, and its plugins. */
export const statusCommand: CommandSpec = {
  name: "status",
  summary: "Show the daemon's status: version, model, plugins, MCP servers",
  usage: ["status [--json]"],
  options: { ...JSON_OPTION, ...CONNECTION_OPTIONS },
  maxPositionals: 0,
  async run(context) {
    const { status, url } = await withClient(context, async (client) => ({
      status: await client.status(),
      url: client.url("").replace(/\/+$/, ""),
    }));
    if (context.options.json) {
      context.io.stdout(formatJson({ url, ...status }));
      return 0;
    }
    const model = status.model.offline
      ? `${status.model.label} (the built-in offline model)`
      : `${status.model.label} (${status.model.provider}/${status.model.id})`;
    const lines = [
      `Daemon   ${url}`,
      `Version  core ${status.core.version}, shared API ${status.core.sharedApi}, UI API ${status.core.uiApi}`,
      `Model    ${model}`,
      `Work     ${status.admitsNewWork ? "accepting new turns" : "stopping: no new turns"}`,
      "",
    ];
    context.io.stdout(lines.join("\n"));
    context.io.stdout(
      status.plugins.length === 0
        ? "No plugins loaded.\n"
        : formatTable(
            ["PLUGIN", "VERSION", "STATE", "REASON"],
            status.plugins.map((p) => [p.name, p.version, p.state, p.reason ?? ""]),
          ),
    );
    if (status.mcp !== undefined) {
      context.io.stdout(
        status.mcp === null
          ? "\nMCP servers: unavailable\n"
          : `\n${formatTable(
              ["MCP SERVER", "STATUS", "AUTH"],
              status.mcp.map((row) => [row.name, row.status, row.auth.state]),
            )}`,
      );
    }
    return 0;
  },
};
