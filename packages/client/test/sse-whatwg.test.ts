import { expect, test } from "vitest";
import { ElowenClient, type SessionEvent } from "../src/index.js";
import { ManualTimers } from "./support/manual-timers.js";
import { serve, sse } from "./support/sse-server.js";

/**
 * Serves `stream` once, reads it to its end through a subscription (the end is when the
 * subscription asks for its reconnect timer), reconnects once, and returns the events delivered
 * and the `Last-Event-ID` the reconnection sent.
 */
async function deliver(stream: string) {
  const lastIds: (string | undefined)[] = [];
  const url = await serve((req, res, n) => {
    lastIds.push(req.headers["last-event-id"] as string | undefined);
    if (n === 1) sse(res).end(stream);
    else res.writeHead(204).end();
  });
  const timers = new ManualTimers();
  const events: SessionEvent[] = [];
  const sub = new ElowenClient({ baseUrl: url }).sessions.events("s_x", {
    onEvent: (e) => events.push(e),
    reconnect: { idleTimeoutMs: 0, timers },
  });
  timers.elapse(await timers.next());
  await sub.done;
  return { events, reconnectLastEventId: lastIds[1] };
}

const message = (data: unknown, id = "") => ({ id, type: "message", data });

// The examples of the WHATWG HTML standard, "Server-sent events", parsing an event stream.
test("several data lines make one event, joined with newlines", async () => {
  expect((await deliver("data: YHOO\ndata: +2\ndata: 10\n\n")).events).toEqual([
    message("YHOO\n+2\n10"),
  ]);
});

test("a comment fires nothing; an id field sets the last event id and an empty one clears it, so no Last-Event-ID is sent; one leading space is stripped", async () => {
  const run = await deliver(
    ": test stream\n\ndata: first event\nid: 1\n\ndata:second event\nid\n\ndata:  third event\n\n",
  );
  expect(run.events).toEqual([
    message("first event", "1"),
    message("second event"),
    message(" third event"),
  ]);
  expect(run.reconnectLastEventId).toBeUndefined();
});

test("an empty data field fires an empty event, two fire a newline, and a block with no blank line after it fires nothing", async () => {
  expect((await deliver("data\n\ndata\ndata\n\ndata:")).events).toEqual([
    message(""),
    message("\n"),
  ]);
});

test("the space after the colon is optional", async () => {
  expect((await deliver("data:test\n\ndata: test\n\n")).events).toEqual([
    message("test"),
    message("test"),
  ]);
});

test("the event field names the event's type", async () => {
  const stream =
    "event: add\ndata: 73857293\n\nevent: remove\ndata: 2153\n\nevent: add\ndata: 113411\n\n";
  expect((await deliver(stream)).events).toEqual([
    { id: "", type: "add", data: 73857293 },
    { id: "", type: "remove", data: 2153 },
    { id: "", type: "add", data: 113411 },
  ]);
});

test("the last event id is sent as Last-Event-ID when the stream reconnects", async () => {
  const run = await deliver("id: b.7\ndata: 1\n\n");
  expect(run.events).toEqual([message(1, "b.7")]);
  expect(run.reconnectLastEventId).toBe("b.7");
});
