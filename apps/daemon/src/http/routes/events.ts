import type { ServerResponse } from "node:http";
import { errorMessage } from "@elowen/plugin-shared/errors";
import { type SessionEvent, SessionParamsSchema } from "@elowen/wire";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  type JournalCursor,
  resumeFromJournal,
  type SharedJournal,
  splitEventId,
} from "../../live/journal-cursor.js";
import { sseFrame } from "../../live/session-events.js";
import type { HttpContext } from "../http-context.js";
import { route } from "../zod-route.js";
import { ownedSession } from "./session-access.js";
import { SseStream } from "./sse-stream.js";

/** Milliseconds between SSE keep-alive comments (ours). */
export const SSE_HEARTBEAT_MS = 15_000;
/**
 * How many bytes a stream may have waiting for a client that does not read (ours), counted as
 * what the client has not taken when the next write is due (see `SseStream`). Past it the
 * stream is closed: the client reconnects with `Last-Event-ID` and the buffer replays what it
 * missed (or it is told `reset`), so a stalled reader costs the daemon bounded memory.
 */
export const SSE_MAX_PENDING_BYTES = 4 * 1024 * 1024;

/**
 * `GET /sessions/:sessionId/events`: the session's live events as server-sent events. With a
 * `Last-Event-ID` header the missed events are replayed first; when they cannot be (an id from
 * before a restart, or one the buffer has dropped) a `reset` event tells the client to reload
 * history. Open streams are ended when the daemon stops.
 */
export function eventRoutes(app: FastifyInstance, context: HttpContext): void {
  const open = new Set<ServerResponse>();
  app.addHook("preClose", async () => {
    for (const raw of open) raw.end();
  });
  route(app, {
    method: "GET",
    url: "/sessions/:sessionId/events",
    auth: "account",
    summary: "Live events of a session (text/event-stream), resumable with Last-Event-ID",
    tags: ["sessions"],
    schema: {
      params: SessionParamsSchema,
      response: { 200: z.string().describe("text/event-stream") },
    },
    handler: async (request, reply) => {
      const { sessionId } = request.params;
      await ownedSession(context.store, request, sessionId);
      const header = request.headers["last-event-id"];
      const lastEventId = Array.isArray(header) ? header[0] : header;
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-cache, no-transform",
        connection: "keep-alive",
        "x-accel-buffering": "no",
      });
      // The replay is written whole (the replay buffer bounds it); live frames go through the
      // stream, whose cap counts only what the client has not taken (see SseStream).
      const stream = new SseStream(raw, SSE_MAX_PENDING_BYTES);
      stream.writeNow("retry: 1000\n\n");
      let unsubscribe: () => void;
      try {
        unsubscribe = context.sharedJournal
          ? await subscribeShared(context, context.sharedJournal, sessionId, lastEventId, stream)
          : subscribeLocal(context, sessionId, lastEventId, stream);
      } catch (error) {
        // The response is the stream's already: the client reconnects with its Last-Event-ID.
        context.log(`the event stream of session ${sessionId} failed: ${errorMessage(error)}`);
        raw.destroy();
        return;
      }
      if (raw.destroyed || raw.closed) {
        unsubscribe();
        return;
      }
      open.add(raw);
      const heartbeat = setInterval(() => stream.push(": keep-alive\n\n"), SSE_HEARTBEAT_MS);
      heartbeat.unref();
      raw.on("close", () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(raw);
      });
    },
  });
}

/** The stream of one instance's own events, resumable on this instance (SQLite's case). */
function subscribeLocal(
  context: HttpContext,
  sessionId: string,
  lastEventId: string | undefined,
  stream: SseStream,
): () => void {
  const { replay, unsubscribe } = context.events.subscribe(sessionId, lastEventId, (event) => {
    stream.push(context.events.frame(event));
  });
  if (replay.kind === "reset") {
    // The reset carries the current id, so a reconnect after it resumes instead of resetting.
    stream.writeNow(
      sseFrame({ id: context.events.cursor(), type: "reset", data: { reason: replay.reason } }),
    );
  } else {
    const frames = replay.events.map((event) => context.events.frame(event));
    if (frames.length > 0) stream.writeNow(frames.join(""));
  }
  return unsubscribe;
}

/**
 * The stream on a shared database: ids carry the journal position (see JournalCursor), so a
 * reconnect to any instance resumes with each entry once, in order. Events published while the
 * journal is read wait, then follow the replay.
 */
async function subscribeShared(
  context: HttpContext,
  journal: SharedJournal,
  sessionId: string,
  lastEventId: string | undefined,
  stream: SseStream,
): Promise<() => void> {
  const { local, seq } = splitEventId(lastEventId);
  let cursor: JournalCursor | undefined;
  const early: SessionEvent[] = [];
  const send = (event: SessionEvent, write: (frame: string) => void) => {
    const out = cursor?.pass(event);
    if (out) write(sseFrame(out));
  };
  const { replay, unsubscribe } = context.events.subscribe(sessionId, local, (event) => {
    if (cursor) send(event, (frame) => stream.push(frame));
    else early.push(event);
  });
  let resumed: Awaited<ReturnType<typeof resumeFromJournal>>;
  try {
    resumed = await resumeFromJournal(journal, sessionId, seq, replay, context.events.cursor());
  } catch (error) {
    unsubscribe();
    throw error;
  }
  cursor = resumed.cursor;
  if (resumed.replay.kind === "reset") {
    const id = cursor.id(context.events.cursor());
    stream.writeNow(sseFrame({ id, type: "reset", data: { reason: resumed.replay.reason } }));
  } else {
    for (const event of resumed.replay.events) send(event, (frame) => stream.writeNow(frame));
  }
  for (const event of early.splice(0)) send(event, (frame) => stream.push(frame));
  return unsubscribe;
}
