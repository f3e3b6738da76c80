import type { PluginImages } from "@elowen/plugin-api/images";
import type { SourcedTool, ToolCallContext } from "@elowen/plugin-api/tools";
import { errorResult, textResult } from "@elowen/plugin-api/tools";
import type { ServerSet } from "../servers/server-set.js";
import { storeImages } from "../tools/store-images.js";
import { hasResources, readResource, resourceContent } from "./resource-read.js";

/** At most this many resources are listed by one `mcp_list_resources` call. */
const LIST_MAX = 200;

/** The tool that lists the resources of the caller's servers (Claude Code's ListMcpResources). */
export const LIST_RESOURCES_TOOL = "mcp_list_resources";
/** The tool that reads one resource by URI (Claude Code's ReadMcpResource). */
export const READ_RESOURCE_TOOL = "mcp_read_resource";

/**
 * The two resource tools, offered while a server the account sees has resources: list them
 * (optionally of one server) as `<server>:<uri>` lines with name, MIME type and description; read
 * one by server and URI, its contents within the trace budget (images put in `images`, the host's
 * image store). Another account's servers are never listed or read.
 */
export function resourceTools(set: ServerSet, images?: PluginImages): SourcedTool[] {
  const servers = (context: ToolCallContext) =>
    set.visibleTo(context.access.userId).filter(hasResources);
  return [
    {
      name: LIST_RESOURCES_TOOL,
      label: "MCP resources",
      description:
        "Lists the resources (files, records, documents) the connected MCP servers offer, as `<server>:<uri>` with name and type. Read one with mcp_read_resource.",
      inputSchema: {
        type: "object",
        properties: { server: { type: "string", description: "Only this server's resources." } },
        additionalProperties: false,
      },
      executionMode: "parallel",
      async execute(args, context) {
        const only = typeof args.server === "string" ? args.server : undefined;
        const lines = servers(context)
          .filter((c) => only === undefined || c.server.name === only)
          .flatMap((c) =>
            c.resources.map(
              (r) =>
                `${c.server.name}:${r.uri} ${r.name}${r.mimeType ? ` (${r.mimeType})` : ""}${r.description ? ` — ${r.description}` : ""}`,
            ),
          );
        if (lines.length === 0)
          return textResult(
            only === undefined ? "No MCP server offers resources." : `${only} offers no resources.`,
          );
        const shown = lines.slice(0, LIST_MAX);
        const more = lines.length - shown.length;
        return textResult(`${shown.join("\n")}${more > 0 ? `\n[${more} more not listed]` : ""}`);
      },
    },
    {
      name: READ_RESOURCE_TOOL,
      label: "Read MCP resource",
      description:
        "Reads one resource of a connected MCP server by its URI (see mcp_list_resources).",
      inputSchema: {
        type: "object",
        properties: {
          server: { type: "string", description: "The server's name." },
          uri: { type: "string", description: "The resource's URI, as listed." },
        },
        required: ["server", "uri"],
        additionalProperties: false,
      },
      executionMode: "parallel",
      summarize: (args) => `${String(args.server)}:${String(args.uri)}`,
      async execute(args, context) {
        const { server, uri } = args;
        if (typeof server !== "string" || typeof uri !== "string")
          return errorResult("server and uri: both are strings");
        const connection = servers(context).find((c) => c.server.name === server);
        if (!connection)
          return errorResult(`server: no connected MCP server ${server} has resources`);
        const result = await readResource(connection, uri, context.signal);
        const content = resourceContent(result);
        return storeImages({ content, details: { mcp: { server, resource: uri } } }, images);
      },
    },
  ];
}
