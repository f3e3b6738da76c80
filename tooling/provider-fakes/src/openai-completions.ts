import type { IncomingHttpHeaders } from "node:http";
import { openaiCheckAuth, openaiErrorBody } from "./openai-shared.js";
import { argumentsText, pieces } from "./pieces.js";
import type { FakeReply } from "./script.js";
import {
  badRequest,
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

const FINISH = { stop: "stop", length: "length", toolUse: "tool_calls" } as const;

function checkRequest(_headers: IncomingHttpHeaders, body: unknown): RequestProblem | undefined {
  if (!isObject(body)) return badRequest("We could not parse the JSON body of your request.");
  if (typeof body.model !== "string") return badRequest("you must provide a model parameter");
  if (!Array.isArray(body.messages) || body.messages.length === 0) {
    return badRequest("Invalid 'messages': empty array. Expected an array with minimum length 1.");
  }
  return body.stream === true ? undefined : STREAM_ONLY;
}

function includesUsage(body: Readonly<Record<string, unknown>>): boolean {
  const options = body.stream_options;
  return isObject(options) && options.include_usage === true;
}

function usageChunk(reply: FakeReply) {
  const u = usageOf(reply);
  // pi-ai (like OpenRouter's wire) reads cached_tokens as reads plus writes when writes are sent.
  const cached = u.cacheRead + u.cacheWrite;
  const prompt = u.input + cached;
  return {
    prompt_tokens: prompt,
    completion_tokens: u.output,
    total_tokens: prompt + u.output,
    prompt_tokens_details: {
      cached_tokens: cached,
      audio_tokens: 0,
      ...(u.cacheWrite > 0 ? { cache_write_tokens: u.cacheWrite } : {}),
    },
    completion_tokens_details: {
      reasoning_tokens: 0,
      audio_tokens: 0,
      accepted_prediction_tokens: 0,
      rejected_prediction_tokens: 0,
    },
  };
}

function render(reply: FakeReply, context: RenderContext): RenderedReply {
  const withUsage = includesUsage(context.body);
  const envelope = (rest: object) =>
    sseFrame(undefined, {
      id: `chatcmpl-fake${context.requestIndex}`,
      object: "chat.completion.chunk",
      created: context.createdAt,
      model: context.model,
      system_fingerprint: "fp_fake",
      ...rest,
    });
  const chunk = (delta: object, finish_reason: string | null = null) =>
    envelope({
      choices: [{ index: 0, delta, logprobs: null, finish_reason }],
      ...(withUsage ? { usage: null } : {}),
    });
  const frames = [chunk({ role: "assistant", content: "", refusal: null })];
  let toolIndex = 0;
  for (const [i, block] of reply.content.entries()) {
    const chunks = block.chunks ?? context.chunks;
    if (block.type === "text") {
      for (const content of pieces(block.text, chunks)) frames.push(chunk({ content }));
    } else if (block.type === "thinking") {
      for (const reasoning_content of pieces(block.thinking, chunks)) {
        frames.push(chunk({ reasoning_content }));
      }
    } else {
      const index = toolIndex++;
      const id = block.id ?? `call_fake${context.requestIndex}_${i}`;
      const fn = { name: block.name, arguments: "" };
      frames.push(chunk({ tool_calls: [{ index, id, type: "function", function: fn }] }));
      for (const args of pieces(argumentsText(block), chunks)) {
        frames.push(chunk({ tool_calls: [{ index, function: { arguments: args } }] }));
      }
    }
  }
  const contentEnd = frames.length;
  frames.push(chunk({}, reply.wireStopReason ?? FINISH[stopOf(reply)]));
  if (withUsage) frames.push(envelope({ choices: [], usage: usageChunk(reply) }));
  frames.push(sseFrame(undefined, "[DONE]"));
  return { frames, contentEnd };
}

/** OpenAI Chat Completions: `POST /v1/chat/completions`, `baseUrl` is the origin plus `/v1`. */
export const openaiCompletions: WireProtocol = {
  api: "openai-completions",
  basePath: "/v1",
  endpoint: "/v1/chat/completions",
  checkAuth: openaiCheckAuth,
  checkRequest,
  errorBody: openaiErrorBody,
  render,
  streamError: (message, type) =>
    sseFrame(undefined, {
      error: { message, type: type ?? "server_error", param: null, code: null },
    }),
};
