import type { IncomingMessage, ServerResponse } from "node:http";
import { setImmediate as nextTick } from "node:timers/promises";
import type { FakeHttpError, FakeReply, FakeTurn } from "./script.js";
import type { FakeSettings } from "./validate-options.js";
import type { RequestProblem, WireProtocol } from "./wire-protocol.js";

/** What the fake knows when it plays a turn. */
export interface TurnContext {
  readonly requestIndex: number;
  readonly body: Readonly<Record<string, unknown>>;
  readonly chunks: number;
  readonly fragments: number;
}

/** Why the fake refuses a request itself, checked in the service's order; undefined accepts it. */
export function refusal(
  protocol: WireProtocol,
  req: IncomingMessage,
  path: string,
  body: unknown,
  tooLarge: boolean,
  settings: FakeSettings,
): RequestProblem | undefined {
  if (req.method !== "POST" || path.split("?")[0] !== protocol.endpoint) {
    return { status: 404, message: `Not found: ${req.method ?? ""} ${path}` };
  }
  if (tooLarge) {
    return { status: 413, message: `Request exceeds ${settings.maxRequestBytes} bytes.` };
  }
  return (
    protocol.checkAuth(req.headers, settings.apiKey) ?? protocol.checkRequest(req.headers, body)
  );
}

/** Resolves once `chunk` is handed to the socket, or the response is gone. */
function write(res: ServerResponse, chunk: Buffer): Promise<void> {
  return new Promise((resolve) => {
    if (res.destroyed) return resolve();
    const done = () => {
      res.off("close", done);
      resolve();
    };
    res.once("close", done);
    res.write(chunk, done);
  });
}

async function writeFrames(res: ServerResponse, frames: readonly string[], fragments: number) {
  for (const frame of frames) {
    const bytes = Buffer.from(frame, "utf8");
    const parts = Math.min(fragments, bytes.length);
    for (let i = 0; i < parts; i++) {
      if (res.destroyed) return;
      const start = Math.floor((i * bytes.length) / parts);
      await write(res, bytes.subarray(start, Math.floor(((i + 1) * bytes.length) / parts)));
      // Yield between writes so events leave as separate packets and the client streams them.
      await nextTick();
    }
  }
}

function sendError(
  protocol: WireProtocol,
  res: ServerResponse,
  index: number,
  error: Omit<FakeHttpError, "type">,
) {
  const retryAfter =
    error.retryAfterMs === undefined
      ? {}
      : {
          "retry-after-ms": String(error.retryAfterMs),
          "retry-after": String(Math.ceil(error.retryAfterMs / 1000)),
        };
  res.writeHead(error.status, {
    "content-type": "application/json",
    "request-id": `req_fake${index}`,
    "x-should-retry": String(error.retry ?? false),
    ...retryAfter,
    ...error.headers,
  });
  res.end(error.body ?? protocol.errorBody(error.status, error.message, error.errorType));
}

async function stream(
  protocol: WireProtocol,
  res: ServerResponse,
  reply: FakeReply,
  context: TurnContext,
) {
  const requested = context.body.model;
  const rendered = protocol.render(reply, {
    requestIndex: context.requestIndex,
    model: reply.model ?? (typeof requested === "string" ? requested : "fake-model"),
    chunks: reply.chunks ?? context.chunks,
    body: context.body,
    createdAt: Math.floor(Date.now() / 1000),
  });
  const interrupt = reply.interrupt;
  const stopAt = Math.min(
    interrupt === undefined
      ? rendered.frames.length
      : (interrupt.afterEvents ?? rendered.contentEnd),
    rendered.frames.length,
  );
  const frames = rendered.frames.slice(0, stopAt);
  if (interrupt?.type === "error") {
    frames.push(protocol.streamError(interrupt.message, interrupt.errorType, stopAt));
  }
  res.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache",
    "request-id": `req_fake${context.requestIndex}`,
    ...reply.headers,
  });
  res.flushHeaders();
  await writeFrames(res, frames, context.fragments);
  if (interrupt?.type === "cut") res.destroy();
  // A stalled stream stays open: the client's abort or the fake's close() ends it.
  else if (interrupt?.type !== "stall") res.end();
}

/** Plays scripted turns and the fake's own refusals onto a response. */
export const answer = {
  refuse(protocol: WireProtocol, res: ServerResponse, index: number, problem: RequestProblem) {
    sendError(protocol, res, index, problem);
  },
  async turn(
    protocol: WireProtocol,
    req: IncomingMessage,
    res: ServerResponse,
    turn: FakeTurn,
    context: TurnContext,
  ) {
    if (turn.type === "disconnect") req.socket.destroy();
    else if (turn.type === "httpError") sendError(protocol, res, context.requestIndex, turn);
    else await stream(protocol, res, turn, context);
  },
};
