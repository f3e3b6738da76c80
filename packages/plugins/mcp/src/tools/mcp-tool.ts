import type { PluginImages } from "@elowen/plugin-api/images";
import type { SourcedTool, ToolCallContext, ToolResult } from "@elowen/plugin-api/tools";
import { errorMessage } from "@elowen/plugin-shared/errors";
import type { CallToolResult, Progress, Tool } from "@modelcontextprotocol/sdk/types.js";
import { McpError } from "../mcp-error.js";
import type { ServerConnection } from "../servers/server-connection.js";
import { toToolResult } from "./result-content.js";
import { storeImages } from "./store-images.js";

/** Thrown when a call cannot reach its server; the host turns it into an error result. */
export class McpCallError extends McpError {
  override readonly name = "McpCallError";

  constructor(message: string) {
    super("mcp.not_connected", message);
  }
}

/**
 * A server's tool as the model's `name`: its JSON Schema offered as it is, the call sent through
 * the SDK with the turn's stop signal (the SDK tells the server `notifications/cancelled`), the
 * server's `timeoutMs` (reset by progress), each progress notification streamed to the row, and
 * the result's images put in the host's image store (`images`, the plugin's `ctx.images`).
 */
export function mcpTool(
  connection: ServerConnection,
  tool: Tool,
  name: string,
  images?: PluginImages,
): SourcedTool {
  const server = connection.server.name;
  return {
    name,
    label: tool.title ?? tool.annotations?.title ?? `${server}: ${tool.name}`,
    description: tool.description ?? `The ${tool.name} tool of the MCP server ${server}.`,
    inputSchema: tool.inputSchema,
    executionMode: tool.annotations?.readOnlyHint === true ? "parallel" : "sequential",
    async execute(args, context) {
      return storeImages(await callMcpTool(connection, tool.name, args, context), images);
    },
  };
}

/** Calls `tool` on the connection's server and maps its result; throws when it cannot. */
export async function callMcpTool(
  connection: ServerConnection,
  tool: string,
  args: Readonly<Record<string, unknown>>,
  context: Pick<ToolCallContext, "signal" | "onUpdate" | "askUser">,
): Promise<ToolResult> {
  const server = connection.server.name;
  const client = connection.client;
  if (!client)
    throw new McpCallError(
      `the MCP server ${server} is not connected${connection.reason ? `: ${connection.reason}` : ""}`,
    );
  connection.lastError = undefined;
  // While the call runs, the server's elicitations ask this call's person.
  const caller = {
    askUser: (questions: Parameters<ToolCallContext["askUser"]>[0]) => context.askUser(questions),
  };
  connection.callers.add(caller);
  try {
    const result = (await client.callTool({ name: tool, arguments: { ...args } }, undefined, {
      signal: context.signal,
      timeout: connection.timeoutMs,
      resetTimeoutOnProgress: true,
      onprogress: (progress: Progress) => context.onUpdate(progressNote(progress)),
    })) as CallToolResult;
    return toToolResult(server, tool, result);
  } catch (error) {
    // The SDK says only "Connection closed"; the transport's error says why.
    const why = connection.lastError;
    if (why !== undefined && /Connection closed/.test(errorMessage(error)))
      throw new McpCallError(`the MCP server ${server} closed the connection: ${why}`);
    throw error;
  } finally {
    connection.callers.delete(caller);
  }
}

/** A progress notification as the row's partial result: `3/5 message`. */
export function progressNote(progress: Progress): ToolResult {
  const share =
    progress.total === undefined
      ? `${progress.progress}`
      : `${progress.progress}/${progress.total}`;
  const text = progress.message ? `${share} ${progress.message}` : share;
  return { content: [{ type: "text", text }], details: { progress: { ...progress } } };
}
