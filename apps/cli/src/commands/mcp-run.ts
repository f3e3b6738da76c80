import { MCP_SERVERS_PATH, McpServerListSchema, type McpServerRow } from "@elowen/wire";
import { z } from "zod";
import { usageError } from "../cli/cli-error.js";
import type { CliContext } from "../cli/context.js";
import { formatJson, formatTable } from "../cli/table.js";
import { withClient } from "./with-client.js";

/** What `POST /plugins/mcp/servers/:name/sign-in` answers: the notice and the link to open. */
const SignInSchema = z.looseObject({
  notice: z.string(),
  openUrl: z.string().optional(),
});

/** Runs `elowen mcp list|add|remove|sign-in` against the daemon's MCP plugin. */
export async function runMcp(
  context: CliContext,
  action: "list" | "add" | "remove" | "sign-in",
  name: string,
): Promise<number> {
  // `--url` names an added server here; the daemon's own address is `--daemon`.
  const { daemon, url, ...rest } = context.options;
  const connection = { ...context, options: { ...rest, url: daemon } };
  if (action === "sign-in") return signIn(context, connection, name);
  // Parsed with the wire schema, printed with --json as it came (unknown fields kept).
  const body = await withClient(connection, (client) => {
    if (action === "list") return client.request("GET", MCP_SERVERS_PATH);
    if (action === "remove")
      return client.request("DELETE", `${MCP_SERVERS_PATH}/${encodeURIComponent(name)}`);
    return client.request("POST", MCP_SERVERS_PATH, { body: addBody(context, name) });
  });
  const answer = McpServerListSchema.parse(body);
  if (printedJson(context, body)) return 0;
  if (answer.message) context.io.stdout(`${answer.message}\n`);
  if (action === "list") context.io.stdout(serverTable(answer.servers));
  return 0;
}

async function signIn(context: CliContext, connection: CliContext, name: string): Promise<number> {
  const answer = await withClient(connection, (client) =>
    client.request("POST", `${MCP_SERVERS_PATH}/${encodeURIComponent(name)}/sign-in`, {
      schema: SignInSchema,
    }),
  );
  if (printedJson(context, answer)) return 0;
  context.io.stdout(`${answer.notice}\n`);
  if (answer.openUrl !== undefined)
    context.io.stdout(
      `${answer.openUrl}\n\nThe link brings you back to the web client; be signed in there as the same account.\n`,
    );
  return 0;
}

/** With `--json`, prints the daemon's answer as it came and says so. */
function printedJson(context: CliContext, answer: unknown): boolean {
  if (!context.options.json) return false;
  context.io.stdout(formatJson(answer));
  return true;
}

function addBody(context: CliContext, name: string): Record<string, unknown> {
  const { command, url, cwd, scope } = context.options;
  const args = list(context, "arg");
  const env = pairs(context, "env");
  const headers = pairs(context, "header");
  if ((command === undefined) === (url === undefined))
    throw usageError("mcp add needs exactly one of --command <program> or --url <url>");
  if (command !== undefined && headers !== undefined)
    throw usageError("--header: headers go with a --url server");
  if (url !== undefined && (args.length > 0 || env !== undefined || cwd !== undefined))
    throw usageError("--arg, --env and --cwd go with a --command server");
  return {
    name,
    ...(scope === undefined ? {} : { scope }),
    ...(command === undefined ? {} : { command }),
    ...(args.length === 0 ? {} : { args }),
    ...(env === undefined ? {} : { env }),
    ...(cwd === undefined ? {} : { cwd }),
    ...(url === undefined ? {} : { url }),
    ...(headers === undefined ? {} : { headers }),
  };
}

function list(context: CliContext, option: string): readonly string[] {
  const value = context.options[option];
  if (value === undefined || typeof value === "boolean") return [];
  return typeof value === "string" ? [value] : value;
}

/** `--env K=V` / `--header K=V` options as a mapping; undefined when none were given. */
function pairs(context: CliContext, option: string): Record<string, string> | undefined {
  const values = list(context, option);
  if (values.length === 0) return undefined;
  const mapping: Record<string, string> = {};
  for (const value of values) {
    const at = value.indexOf("=");
    if (at < 1) throw usageError(`--${option}: "${value}" is not K=V (a name, "=", a value)`);
    mapping[value.slice(0, at)] = value.slice(at + 1);
  }
  return mapping;
}

function serverTable(servers: readonly McpServerRow[]): string {
  if (servers.length === 0)
    return "No MCP servers are configured. Add one with `elowen mcp add <name> --url <url>`.\n";
  return formatTable(
    ["NAME", "SOURCE", "STATUS", "TOOLS", "TRANSPORT"],
    servers.map((s) => [
      s.name,
      s.source,
      s.reason === undefined ? s.status : `${s.status}: ${s.reason}`,
      String(s.tools),
      s.transport,
    ]),
  );
}
