import type { ImageContent, TextContent } from "@elowen/plugin-api/tools";
import type { ReadResourceResult } from "@modelcontextprotocol/sdk/types.js";
import { MCP_RESULT_MAX_IMAGE_BYTES, MCP_RESULT_MAX_TEXT_BYTES } from "../limits.js";
import { McpError } from "../mcp-error.js";
import type { ServerConnection } from "../servers/server-connection.js";

/** A server is asked for a resource only when it says it has resources. */
export const hasResources = (connection: ServerConnection): boolean =>
  connection.state === "connected" &&
  connection.client?.getServerCapabilities()?.resources !== undefined;

/**
 * Reads `uri` from the connection's server (`resources/read`) with the server's `timeoutMs` and
 * the caller's signal; throws when the server is not connected, has no resources or fails.
 */
export async function readResource(
  connection: ServerConnection,
  uri: string,
  signal?: AbortSignal,
): Promise<ReadResourceResult> {
  const client = connection.client;
  if (!client || !hasResources(connection))
    throw new McpError(
      "mcp.no_resources",
      `the MCP server ${connection.server.name} has no resources to read now`,
    );
  return client.readResource(
    { uri },
    { timeout: connection.timeoutMs, ...(signal ? { signal } : {}) },
  );
}

/**
 * A resource's contents as the model reads them, within `budgetBytes` of text (the trace budget by
 * default): each text part under a `[resource <uri>]` line, an image blob as an image (up to
 * MCP_RESULT_MAX_IMAGE_BYTES) when `images` is set, any other blob as a note; text past the
 * budget is cut with a note saying how much was left out.
 */
export function resourceContent(
  result: ReadResourceResult,
  options: { readonly images: boolean; readonly budgetBytes?: number } = { images: true },
): (TextContent | ImageContent)[] {
  const budget = { left: options.budgetBytes ?? MCP_RESULT_MAX_TEXT_BYTES, cut: 0 };
  const out: (TextContent | ImageContent)[] = [];
  for (const part of result.contents) {
    const type = part.mimeType ? ` (${part.mimeType})` : "";
    if ("text" in part && typeof part.text === "string") {
      const kept = cut(`[resource <${part.uri}>${type}]\n${part.text}`, budget);
      if (kept !== "") out.push({ type: "text", text: kept });
      continue;
    }
    const blob = "blob" in part && typeof part.blob === "string" ? part.blob : "";
    const bytes = Math.floor((blob.length * 3) / 4);
    if (
      options.images &&
      part.mimeType?.startsWith("image/") &&
      bytes <= MCP_RESULT_MAX_IMAGE_BYTES
    )
      out.push({ type: "image", data: blob, mimeType: part.mimeType });
    else {
      const kept = cut(
        `[resource <${part.uri}>${type}: ${bytes} bytes of binary, not shown]`,
        budget,
      );
      if (kept !== "") out.push({ type: "text", text: kept });
    }
  }
  if (budget.cut > 0)
    out.push({
      type: "text",
      text: `[${budget.cut} more bytes of this resource were left out: it is larger than the ${options.budgetBytes ?? MCP_RESULT_MAX_TEXT_BYTES}-byte budget]`,
    });
  return out;
}

const encoder = new TextEncoder();

function cut(value: string, budget: { left: number; cut: number }): string {
  const encoded = encoder.encode(value);
  if (encoded.length <= budget.left) {
    budget.left -= encoded.length;
    return value;
  }
  const kept = new TextDecoder().decode(encoded.slice(0, budget.left)).replace(/\uFFFD$/, "");
  budget.cut += encoded.length - encoder.encode(kept).length;
  budget.left = 0;
  return kept;
}
