import type {
  ImageContent,
  TextContent,
  ToolResult,
  ToolResultDetails,
} from "@elowen/plugin-api/tools";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { MCP_RESULT_MAX_IMAGE_BYTES, MCP_RESULT_MAX_TEXT_BYTES } from "../limits.js";

type Block = CallToolResult["content"][number];

/** What an MCP result keeps for surfaces beside the model's content. */
export interface McpResultDetails extends ToolResultDetails {
  readonly mcp: {
    readonly server: string;
    readonly tool: string;
    /** The server's `structuredContent`, when it fits the text budget. */
    readonly structuredContent?: Record<string, unknown>;
    /** Resource links and embedded resources, by URI. */
    readonly resources?: readonly {
      readonly uri: string;
      readonly name?: string;
      readonly mimeType?: string;
    }[];
    /** True when text was cut to MCP_RESULT_MAX_TEXT_BYTES. */
    readonly truncated?: true;
  };
}

/**
 * An MCP `CallToolResult` as the model reads it: text blocks as text, images and embedded image
 * resources as images (one over MCP_RESULT_MAX_IMAGE_BYTES becomes a note; `storeImages` then puts
 * them in the host's image store), resource links and embedded text resources as text naming
 * their URI, audio and other binary resources as notes, `structuredContent` as JSON text
 * when the server sent no content, and `isError` kept. Text past MCP_RESULT_MAX_TEXT_BYTES is cut
 * with a note saying how much was left out.
 */
export function toToolResult(
  server: string,
  tool: string,
  result: CallToolResult,
): ToolResult<McpResultDetails> {
  const budget = { left: MCP_RESULT_MAX_TEXT_BYTES, cut: 0 };
  const content: (TextContent | ImageContent)[] = [];
  const resources: { uri: string; name?: string; mimeType?: string }[] = [];
  const text = (value: string) => {
    const kept = cutText(value, budget);
    if (kept !== "") content.push({ type: "text", text: kept });
  };
  for (const block of result.content ?? []) blockContent(block, text, content, resources);
  const structured = result.structuredContent;
  const structuredText = structured === undefined ? "" : JSON.stringify(structured);
  if (structured !== undefined && content.length === 0) text(structuredText);
  if (budget.cut > 0)
    content.push({
      type: "text",
      text: `[${budget.cut} more bytes of this result were left out: it is larger than ${MCP_RESULT_MAX_TEXT_BYTES} bytes]`,
    });
  const details: McpResultDetails = {
    mcp: {
      server,
      tool,
      ...(structured !== undefined && byteLength(structuredText) <= MCP_RESULT_MAX_TEXT_BYTES
        ? { structuredContent: structured }
        : {}),
      ...(resources.length > 0 ? { resources } : {}),
      ...(budget.cut > 0 ? { truncated: true as const } : {}),
    },
  };
  return { content, details, ...(result.isError === true ? { isError: true } : {}) };
}

function blockContent(
  block: Block,
  text: (value: string) => void,
  content: (TextContent | ImageContent)[],
  resources: { uri: string; name?: string; mimeType?: string }[],
): void {
  switch (block.type) {
    case "text":
      text(block.text);
      return;
    case "image":
      image(block.data, block.mimeType, text, content);
      return;
    case "audio":
      text(`[audio (${block.mimeType}) not shown]`);
      return;
    case "resource_link":
      resources.push({
        uri: block.uri,
        name: block.name,
        ...(block.mimeType ? { mimeType: block.mimeType } : {}),
      });
      text(
        `[resource link: ${block.name} <${block.uri}>${block.mimeType ? ` (${block.mimeType})` : ""}]${block.description ? ` ${block.description}` : ""}`,
      );
      return;
    case "resource": {
      const { resource } = block;
      resources.push({
        uri: resource.uri,
        ...(resource.mimeType ? { mimeType: resource.mimeType } : {}),
      });
      if ("text" in resource && typeof resource.text === "string")
        text(`[resource <${resource.uri}>]\n${resource.text}`);
      else if ("blob" in resource && resource.mimeType?.startsWith("image/")) {
        text(`[resource <${resource.uri}> (${resource.mimeType})]`);
        image(resource.blob, resource.mimeType, text, content);
      } else
        text(
          `[resource <${resource.uri}>${resource.mimeType ? ` (${resource.mimeType})` : ""}: binary, not shown]`,
        );
      return;
    }
    default:
      text(`[content of type ${JSON.stringify((block as { type?: unknown }).type)} not shown]`);
  }
}

/** An image block, or a note when it is past MCP_RESULT_MAX_IMAGE_BYTES (left undecoded). */
function image(
  data: string,
  mimeType: string,
  text: (value: string) => void,
  content: (TextContent | ImageContent)[],
): void {
  const bytes = Math.floor((data.length * 3) / 4);
  if (bytes <= MCP_RESULT_MAX_IMAGE_BYTES) content.push({ type: "image", data, mimeType });
  else
    text(
      `[image (${mimeType}, ${bytes} bytes) left out: larger than ${MCP_RESULT_MAX_IMAGE_BYTES} bytes]`,
    );
}

const encoder = new TextEncoder();
const byteLength = (value: string) => encoder.encode(value).length;

/** Keeps what fits the budget, cutting at a character boundary; counts what was left out. */
function cutText(value: string, budget: { left: number; cut: number }): string {
  const bytes = byteLength(value);
  if (bytes <= budget.left) {
    budget.left -= bytes;
    return value;
  }
  const encoded = encoder.encode(value);
  const kept = new TextDecoder().decode(encoded.slice(0, budget.left)).replace(/\uFFFD$/, "");
  budget.cut += bytes - byteLength(kept);
  budget.left = 0;
  return kept;
}
