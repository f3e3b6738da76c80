import type { IncomingHttpHeaders } from "node:http";
import { argumentsText, pieces } from "./pieces.js";
import type { FakeBlock, FakeReply } from "./script.js";
import {
  badRequest,
  bearer,
  isObject,
  type RenderContext,
  type RenderedReply,
  type RequestProblem,
  STREAM_ONLY,
  sseFrame,
  stopOf,
  usageOf,
  type WireProtocol,
} from "./wire-protocol.js";

const STOP = { stop: "end_turn", length: "max_tokens", toolUse: "tool_use" } as const;

const ERROR_TYPES: Readonly<Record<number, string>> = {
  400: "invalid_request_error",
  401: "authentication_error",
  402: "billing_error",
  403: "permission_error",
  404: "not_found_error",
  413: "request_too_large",
  429: "rate_limit_error",
  500: "api_error",
  504: "timeout_error",
  529: "overloaded_error",
};

function errorType(status: number): string {
  return ERROR_TYPES[status] ?? (status < 500 ? "invalid_request_error" : "api_error");
}

function checkAuth(headers: IncomingHttpHeaders, apiKey: string | undefined) {
  const raw = headers["x-api-key"];
  const sent = (Array.isArray(raw) ? raw[0] : raw) ?? bearer(headers);
  if (sent === undefined) return { status: 401, message: "x-api-key header is required" };
  if (apiKey !== undefined && sent !== apiKey) return { status: 401, message: "invalid x-api-key" };
  return undefined;
}

function checkRequest(headers: IncomingHttpHeaders, body: unknown): RequestProblem | undefined {
  if (headers["anthropic-version"] === undefined) {
    return badRequest("anthropic-version: header is required");
  }
  if (!isObject(body)) return badRequest("The request body is not valid JSON.");
  if (typeof body.model !== "string") return badRequest("model: Field required");
  if (!Number.isInteger(body.max_tokens)) return badRequest("max_tokens: Field required");
  if (!Array.isArray(body.messages)) return badRequest("messages: Field required");
  if (body.stream !== true) {
    return STREAM_ONLY;
  }
  return undefined;
}

function blockFrames(block: FakeBlock, index: number, context: RenderContext): string[] {
  const chunks = block.chunks ?? context.chunks;
  const frame = (type: string, rest: object) => sseFrame(type, { type, index, ...rest });
  const delta = (d: object) => frame("content_block_delta", { delta: d });
  const out: string[] = [];
  if (block.type === "text") {
    out.push(frame("content_block_start", { content_block: { type: "text", text: "" } }));
    for (const text of pieces(block.text, chunks)) out.push(delta({ type: "text_delta", text }));
  } else if (block.type === "thinking") {
    const start = { type: "thinking", thinking: "", signature: "" };
    out.push(frame("content_block_start", { content_block: start }));
    for (const thinking of pieces(block.thinking, chunks)) {
      out.push(delta({ type: "thinking_delta", thinking }));
    }
    if (block.signature !== undefined) {
      out.push(delta({ type: "signature_delta", signature: block.signature }));
    }
  } else {
    const id = block.id ?? `toolu_fake${context.requestIndex}_${index}`;
    const start = { type: "tool_use", id, name: block.name, input: {} };
    out.push(frame("content_block_start", { content_block: start }));
    for (const partial_json of pieces(argumentsText(block), chunks)) {
      out.push(delta({ type: "input_json_delta", partial_json }));
    }
  }
  out.push(frame("content_block_stop", {}));
  return out;
}

function render(reply: FakeReply, context: RenderContext): RenderedReply {
  const u = usageOf(reply);
  const usage = {
    input_tokens: u.input,
    cache_creation_input_tokens: u.cacheWrite,
    cache_read_input_tokens: u.cacheRead,
  };
  const message = {
    id: `msg_fake${context.requestIndex}`,
    type: "message",
    role: "assistant",
    model: context.model,
    content: [],
    stop_reason: null,
    stop_sequence: null,
    usage: { ...usage, output_tokens: Math.min(1, u.output) },
  };
  const frames = [
    sseFrame("message_start", { type: "message_start", message }),
    sseFrame("ping", { type: "ping" }),
    ...reply.content.flatMap((block, index) => blockFrames(block, index, context)),
  ];
  const contentEnd = frames.length;
  const stop_reason = reply.wireStopReason ?? STOP[stopOf(reply)];
  frames.push(
    sseFrame("message_delta", {
      type: "message_delta",
      delta: { stop_reason, stop_sequence: null },
      usage: { ...usage, output_tokens: u.output },
    }),
    sseFrame("message_stop", { type: "message_stop" }),
  );
  return { frames, contentEnd };
}

/** The Anthropic Messages API: `POST /v1/messages`, `baseUrl` is the bare origin. */
export const anthropicMessages: WireProtocol = {
  api: "anthropic-messages",
  basePath: "",
  endpoint: "/v1/messages",
  checkAuth,
  checkRequest,
  errorBody: (status, message, type) =>
    JSON.stringify({ type: "error", error: { type: type ?? errorType(status), message } }),
  render,
  streamError: (message, type) =>
    sseFrame("error", { type: "error", error: { type: type ?? "api_error", message } }),
};
