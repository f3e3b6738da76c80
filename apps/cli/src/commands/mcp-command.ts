import { usageError } from "../cli/cli-error.js";
import { CONNECTION_OPTIONS, type CommandSpec, JSON_OPTION } from "../cli/command-spec.js";

const MCP_ACTIONS = ["list", "add", "remove", "sign-in"] as const;
type McpAction = (typeof MCP_ACTIONS)[number];

// `--url` is the added server's address here; the daemon's is `--daemon`.
const { url: _daemonUrl, ...connection } = CONNECTION_OPTIONS;

/** `elowen mcp`: the MCP servers of the running daemon: list, add and remove them live. */
export const mcpCommand: CommandSpec = {
  name: "mcp",
  summary: "List, add, remove and sign in to MCP servers (live, no restart)",
  usage: [
    "mcp [list] [--json]",
    "mcp add <name> --command <program> [--arg <a>]... [--env K=V]... [--cwd <dir>] [--json]",
    "mcp add <name> --url <https://server/mcp> [--header K=V]... [--scope instance|account] [--json]",
    "mcp remove <name> [--json]",
    "mcp sign-in <name> [--json]",
  ],
  details: [
    "list shows each server you can use: its source (yaml, mcp.json, plugin, workspace, account),",
    "status and tool count. add writes the server to $ELOWEN_HOME/mcp.json and starts it at once;",
    "remove stops it. Only the instance owner adds a --command server (it runs a program on the host);",
    "other accounts add --url servers, seen only by their own sessions (--scope account).",
    "--url names the server here; reach another daemon with --daemon or $ELOWEN_URL.",
    "sign-in starts the OAuth sign-in of a server whose status is needs-sign-in and prints the link",
    "to open; the browser comes back to the daemon's web client, signed in as the same account.",
  ],
  options: {
    command: { type: "string", value: "<program>", description: "add: the program to run (stdio)" },
    arg: {
      type: "string",
      value: "<arg>",
      multiple: true,
      description: "add: one argument of the program (repeat for more)",
    },
    env: {
      type: "string",
      value: "<K=V>",
      multiple: true,
      description: "add: one environment variable of the program (repeat)",
    },
    cwd: { type: "string", value: "<dir>", description: "add: where the program runs" },
    url: { type: "string", value: "<url>", description: "add: a Streamable HTTP server's URL" },
    header: {
      type: "string",
      value: "<K=V>",
      multiple: true,
      description: "add: one HTTP header sent to the server (repeat)",
    },
    scope: {
      type: "string",
      value: "<scope>",
      description: "add: instance (mcp.json, the owner's default) or account (your own servers)",
    },
    daemon: {
      type: "string",
      value: "<url>",
      description:
        "the daemon's address (default: $ELOWEN_URL, $ELOWEN_HOME/daemon.json, http://127.0.0.1:7457)",
    },
    ...JSON_OPTION,
    ...connection,
  },
  maxPositionals: 2,
  async run(context) {
    const [action = "list", name] = context.positionals;
    if (!MCP_ACTIONS.includes(action as McpAction))
      throw usageError(`unknown mcp action "${action}": expected list, add, remove or sign-in`);
    if (action === "list" && name !== undefined) throw usageError("mcp list takes no argument");
    if (action !== "list" && name === undefined)
      throw usageError(`mcp ${action} needs a server name`);
    const { runMcp } = await import("./mcp-run.js");
    return runMcp(context, action as McpAction, name ?? "");
  },
};
