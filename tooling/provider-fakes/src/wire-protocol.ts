import type { IncomingHttpHeaders } from "node:http";
import type { FakeApi } from "./provider.js";
import type { FakeReply, FakeStopReason } from "./script.js";

/** What a renderer knows about the request it answers. */
export interface RenderContext {
  readonly requestIndex: number;
  /** The model id the response names. */
  readonly model: string;
  /** Deltas per string for blocks that do not set their own. */
  readonly chunks: number;
  /** The request body (an object: requests that are not were refused earlier). */
  readonly body: Readonly<Record<string, unknown>>;
  /** Unix seconds, for the `created` fields. */
  readonly createdAt: number;
}

/** A reply as SSE frames; `contentEnd` is the number of frames up to the last content frame. */
export interface RenderedReply {
  readonly frames: readonly string[];
  readonly contentEnd: number;
}

/** Why the fake refuses a request before it reaches the script, as the service would. */
export interface RequestProblem {
  readonly status: number;
  readonly message: string;
  readonly errorType?: string;
}

/** One provider's wire format: where it listens, what it refuses, how it streams and fails. */
export interface WireProtocol {
  readonly api: FakeApi;
  /** Appended to the origin to make pi-ai's `baseUrl`. */
  readonly basePath: string;
  /** The one path that consumes turns. */
  readonly endpoint: string;
  checkAuth(headers: IncomingHttpHeaders, apiKey: string | undefined): RequestProblem | undefined;
  checkRequest(headers: IncomingHttpHeaders, body: unknown): RequestProblem | undefined;
  errorBody(status: number, message: string, errorType: string | undefined): string;
  render(reply: FakeReply, context: RenderContext): RenderedReply;
  streamError(message: string, errorType: string | undefined, position: number): string;
}

/** A request refused with HTTP 400 and `message`. */
export function badRequest(message: string): RequestProblem {
  return { status: 400, message };
}

/** The refusal of a request that does not ask to stream. */
export const STREAM_ONLY: RequestProblem = badRequest(
  "provider-fakes answers streaming requests only: send stream: true",
);

/** One SSE frame; `event` omitted writes a bare `data:` frame. */
export function sseFrame(event: string | undefined, data: unknown): string {
  const payload = typeof data === "string" ? data : JSON.stringify(data);
  return `${event === undefined ? "" : `event: ${event}\n`}data: ${payload}\n\n`;
}

/** Usage with every count present. */
export function usageOf(reply: FakeReply) {
  const u = reply.usage;
  return {
    input: u?.input ?? 0,
    output: u?.output ?? 0,
    cacheRead: u?.cacheRead ?? 0,
    cacheWrite: u?.cacheWrite ?? 0,
  };
}

/** The stop reason in pi-ai's words: as scripted, else `toolUse` when a tool is called. */
export function stopOf(reply: FakeReply): FakeStopReason {
  return (
    reply.stopReason ?? (reply.content.some((b) => b.type === "toolCall") ? "toolUse" : "stop")
  );
}

/** The bearer token of an `authorization` header, if any. */
export function bearer(headers: IncomingHttpHeaders): string | undefined {
  const match = /^Bearer (.+)$/i.exec(headers.authorization ?? "");
  return match?.[1];
}

/** Whether `body` is a JSON object. */
export function isObject(body: unknown): body is Record<string, unknown> {
  return typeof body === "object" && body !== null && !Array.isArray(body);
}
