import type { CliContext } from "../cli/context.js";
import { modelLabel } from "../cli/model-label.js";
import { formatJson, formatTable } from "../cli/table.js";
import { withClient } from "./with-client.js";

/** Runs `elowen status`: the daemon's version, model, whether it admits work, and its plugins. */
export async function runStatus(context: CliContext): Promise<number> {
  const { status, url } = await withClient(context, async (client) => ({
    status: await client.status(),
    url: client.url("").replace(/\/+$/, ""),
  }));
  if (context.options.json) {
    context.io.stdout(formatJson({ url, ...status }));
    return 0;
  }
  const model = modelLabel(status.model);
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
}
