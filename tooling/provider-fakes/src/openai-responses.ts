import type { IncomingHttpHeaders } from "node:http";
import { openaiCheckAuth, openaiErrorBody } from "./openai-shared.js";
import { argumentsText, joined, pieces } from "./pieces.js";
import type { FakeBlock, FakeReply } from "./script.js";
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

function checkRequest(_headers: IncomingHttpHeaders, body: unknown): RequestProblem | undefined {
  if (!isObject(body)) return badRequest("We could not parse the JSON body of your request.");
  if (typeof body.model !== "string") return badRequest("Missing required parameter: 'model'.");
  if (body.input === undefined) return badRequest("Missing required parameter: 'input'.");
  return body.stream === true ? undefined : STREAM_ONLY;
}

type Emit = (type: string, fields: object) => void;

/** Streams one output item; returns the finished item as `response.output` lists it. */
function streamItem(block: FakeBlock, i: number, context: RenderContext, emit: Emit): object {
  const chunks = block.chunks ?? context.chunks;
  const at = { output_index: i };
  if (block.type === "thinking") {
    const id = `rs_fake${context.requestIndex}_${i}`;
    const part = (text: string) => ({ type: "summary_text", text });
    const where = { item_id: id, ...at, summary_index: 0 };
    const text = joined(block.thinking);
    emit("response.output_item.added", { ...at, item: { id, type: "reasoning", summary: [] } });
    emit("response.reasoning_summary_part.added", { ...where, part: part("") });
    for (const delta of pieces(block.thinking, chunks)) {
      emit("response.reasoning_summary_text.delta", { ...where, delta });
    }
    emit("response.reasoning_summary_text.done", { ...where, text });
    emit("response.reasoning_summary_part.done", { ...where, part: part(text) });
    const signature = block.signature === undefined ? {} : { encrypted_content: block.signature };
    return { id, type: "reasoning", summary: [part(text)], ...signature };
  }
  if (block.type === "text") {
    const id = `msg_fake${context.requestIndex}_${i}`;
    const part = (text: string) => ({ type: "output_text", annotations: [], logprobs: [], text });
    const where = { item_id: id, ...at, content_index: 0 };
    const text = joined(block.text);
    const item = { id, type: "message", role: "assistant" };
    emit("response.output_item.added", {
      ...at,
      item: { ...item, status: "in_progress", content: [] },
    });
    emit("response.content_part.added", { ...where, part: part("") });
    for (const delta of pieces(block.text, chunks)) {
      emit("response.output_text.delta", { ...where, delta, logprobs: [] });
    }
    emit("response.output_text.done", { ...where, text, logprobs: [] });
    emit("response.content_part.done", { ...where, part: part(text) });
    return { ...item, status: "completed", content: [part(text)] };
  }
  const id = `fc_fake${context.requestIndex}_${i}`;
  const args = argumentsText(block);
  const call = {
    id,
    type: "function_call",
    call_id: block.id ?? `call_fake${context.requestIndex}_${i}`,
  };
  const named = { ...call, name: block.name };
  emit("response.output_item.added", {
    ...at,
    item: { ...named, status: "in_progress", arguments: "" },
  });
  for (const delta of pieces(args, chunks)) {
    emit("response.function_call_arguments.delta", { item_id: id, ...at, delta });
  }
  emit("response.function_call_arguments.done", { item_id: id, ...at, arguments: joined(args) });
  return { ...named, status: "completed", arguments: joined(args) };
}

function render(reply: FakeReply, context: RenderContext): RenderedReply {
  const frames: string[] = [];
  const emit: Emit = (type, fields) =>
    frames.push(sseFrame(type, { type, sequence_number: frames.length, ...fields }));
  const response = {
    id: `resp_fake${context.requestIndex}`,
    object: "response",
    created_at: context.createdAt,
    status: "in_progress",
    error: null,
    incomplete_details: null,
    model: context.model,
    output: [] as object[],
    parallel_tool_calls: true,
    store: false,
    tool_choice: "auto",
    usage: null as object | null,
  };
  emit("response.created", { response });
  emit("response.in_progress", { response });
  const output = reply.content.map((block, i) => {
    const item = streamItem(block, i, context, emit);
    emit("response.output_item.done", { output_index: i, item });
    return item;
  });
  const contentEnd = frames.length;
  const stop = stopOf(reply);
  const status = reply.wireStopReason ?? (stop === "length" ? "incomplete" : "completed");
  const u = usageOf(reply);
  const input = u.input + u.cacheRead;
  const done = {
    ...response,
    status,
    output,
    ...(status === "incomplete" ? { incomplete_details: { reason: "max_output_tokens" } } : {}),
    ...(status === "failed"
      ? { error: { code: "server_error", message: "scripted failure" } }
      : {}),
    usage: {
      input_tokens: input,
      input_tokens_details: { cached_tokens: u.cacheRead },
      output_tokens: u.output,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: input + u.output,
    },
  };
  const event = status === "incomplete" || status === "failed" ? status : "completed";
  emit(`response.${event}`, { response: done });
  return { frames, contentEnd };
}

/** The OpenAI Responses API: `POST /v1/responses`, `baseUrl` is the origin plus `/v1`. */
export const openaiResponses: WireProtocol = {
  api: "openai-responses",
  basePath: "/v1",
  endpoint: "/v1/responses",
  checkAuth: openaiCheckAuth,
  checkRequest,
  errorBody: openaiErrorBody,
  render,
  streamError: (message, type, position) =>
    sseFrame("error", {
      type: "error",
      sequence_number: position,
      code: type ?? "server_error",
      message,
      param: null,
    }),
};
