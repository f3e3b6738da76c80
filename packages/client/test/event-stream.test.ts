import { ElowenError } from "@elowen/plugin-shared/errors";
import { describe, expect, test } from "vitest";
import { ElowenClient, type SessionEvent } from "../src/index.js";
import { ManualTimers } from "./support/manual-timers.js";
import { serve, sse } from "./support/sse-server.js";

describe("session event subscriptions", () => {
  test("reconnect after the stream ends, sending Last-Event-ID, and deliver events in order", async () => {
    const lastIds: (string | undefined)[] = [];
    const url = await serve((req, res, n) => {
      lastIds.push(req.headers["last-event-id"] as string | undefined);
      sse(res);
      if (n === 1) res.end('retry: 10\nid: b.1\nevent: card\ndata: {"removed":"x"}\n\n');
      else res.end('id: b.2\nevent: card\ndata: {"removed":"y"}\n\n');
    });
    const client = new ElowenClient({ baseUrl: url, token: "elw_t" });
    const events: SessionEvent[] = [];
    const sub = client.sessions.events("s_x", {
      onEvent: (e) => events.push(e),
      reconnect: { initialDelayMs: 10 },
    });
    while (events.length < 2) await new Promise((r) => setTimeout(r, 5));
    await sub.close();
    expect(events).toEqual([
      { id: "b.1", type: "card", data: { removed: "x" } },
      { id: "b.2", type: "card", data: { removed: "y" } },
    ]);
    expect(lastIds.slice(0, 2)).toEqual([undefined, "b.1"]);
    expect(sub.lastEventId()).toBe("b.2");
  });

  test("sends the bearer token and stops for good on a 401", async () => {
    const seen: (string | undefined)[] = [];
    const url = await serve((req, res) => {
      seen.push(req.headers.authorization);
      res.writeHead(401, { "content-type": "application/json" }).end('{"error":"unauthorized"}');
    });
    const errors: unknown[] = [];
    const sub = new ElowenClient({ baseUrl: url, token: "elw_bad" }).sessions.events("s_x", {
      onEvent: () => {},
      onError: (e) => errors.push(e),
    });
    await sub.done;
    expect(seen).toEqual(["Bearer elw_bad"]);
    expect(errors[0]).toMatchObject({ status: 401, message: "HTTP 401: unauthorized" });
  });

  test("retries after a 5xx", async () => {
    const url = await serve((_req, res, n) => {
      if (n === 1) return res.writeHead(503).end();
      sse(res);
      res.end("id: b.9\ndata: 1\n\n");
    });
    const events: SessionEvent[] = [];
    const sub = new ElowenClient({ baseUrl: url }).sessions.events("s_x", {
      onEvent: (e) => events.push(e),
      reconnect: { initialDelayMs: 5 },
    });
    while (events.length < 1) await new Promise((r) => setTimeout(r, 5));
    await sub.close();
    expect(events[0]).toEqual({ id: "b.9", type: "message", data: 1 });
  });

  test("tells onDrop each time a stream cannot open or breaks, then opens again (a visible reconnecting state)", async () => {
    const url = await serve((_req, res, n) => {
      if (n === 1) return res.writeHead(503).end();
      sse(res);
      if (n === 2) return res.end("id: b.1\ndata: 1\n\n");
      res.write("id: b.2\ndata: 2\n\n");
    });
    const seen: string[] = [];
    const sub = new ElowenClient({ baseUrl: url }).sessions.events("s_x", {
      onEvent: (e) => seen.push(`event ${e.id}`),
      onOpen: () => seen.push("open"),
      onDrop: () => seen.push("drop"),
      reconnect: { initialDelayMs: 5 },
    });
    while (!seen.includes("event b.2")) await new Promise((r) => setTimeout(r, 5));
    await sub.close();
    expect(seen).toEqual(["drop", "open", "event b.1", "drop", "open", "event b.2"]);
  });

  test("an event cut off mid-frame is never delivered; the reconnect resumes after the last whole one and delivers each event once", async () => {
    const lastIds: (string | undefined)[] = [];
    const url = await serve((req, res, n) => {
      lastIds.push(req.headers["last-event-id"] as string | undefined);
      sse(res);
      if (n === 1) {
        // The second frame has its id and data but not the blank line that dispatches it.
        res.write('id: b.1\ndata: {"n":1}\n\nid: b.2\ndata: {"n":2}\n');
        setTimeout(() => res.destroy(), 20);
      } else res.end('id: b.2\ndata: {"n":2}\n\nid: b.3\ndata: {"n":3}\n\n');
    });
    const events: SessionEvent[] = [];
    const sub = new ElowenClient({ baseUrl: url }).sessions.events("s_x", {
      onEvent: (e) => events.push(e),
      reconnect: { initialDelayMs: 5 },
    });
    while (events.length < 3) await new Promise((r) => setTimeout(r, 5));
    await sub.close();
    expect(events.map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(lastIds.slice(0, 2)).toEqual([undefined, "b.1"]);
  });

  test("an event a server replays again is delivered once; a reset always gets through", async () => {
    const url = await serve((_req, res, n) => {
      sse(res);
      if (n === 1) res.end("id: b.1\ndata: 1\n\nid: b.2\ndata: 2\n\n");
      // A replay that starts too early repeats b.1 and b.2; the reset reuses the last id.
      else if (n === 2) res.end("id: b.1\ndata: 1\n\nid: b.2\ndata: 2\n\nid: b.3\ndata: 3\n\n");
      else res.write('id: b.3\nevent: reset\ndata: {"reason":"expired"}\n\n');
    });
    const events: SessionEvent[] = [];
    const sub = new ElowenClient({ baseUrl: url }).sessions.events("s_x", {
      onEvent: (e) => events.push(e),
      reconnect: { initialDelayMs: 5 },
    });
    while (events.length < 4) await new Promise((r) => setTimeout(r, 5));
    await sub.close();
    expect(events.map((e) => `${e.type} ${e.id}`)).toEqual([
      "message b.1",
      "message b.2",
      "message b.3",
      "reset b.3",
    ]);
  });

  test.each([408, 429])(
    "a %i is retried, after the Retry-After the daemon sent",
    async (status) => {
      const url = await serve((_req, res, n) => {
        if (n === 1) return res.writeHead(status, { "retry-after": "0" }).end();
        sse(res);
        res.end("id: b.1\ndata: 1\n\n");
      });
      const events: SessionEvent[] = [];
      const errors: unknown[] = [];
      const sub = new ElowenClient({ baseUrl: url }).sessions.events("s_x", {
        onEvent: (e) => events.push(e),
        onError: (e) => errors.push(e),
        reconnect: { initialDelayMs: 60_000 },
      });
      while (events.length < 1) await new Promise((r) => setTimeout(r, 5));
      await sub.close();
      expect(errors).toEqual([]);
      expect(events[0]?.id).toBe("b.1");
    },
  );

  test("a stream that goes silent without closing is taken for dead and resumed after its last event", async () => {
    const lastIds: (string | undefined)[] = [];
    const url = await serve((req, res, n) => {
      lastIds.push(req.headers["last-event-id"] as string | undefined);
      sse(res);
      // The first connection delivers one event and then never another byte, nor a close.
      if (n === 1) res.write("id: b.1\ndata: 1\n\n");
      else res.end("id: b.2\ndata: 2\n\n");
    });
    const events: SessionEvent[] = [];
    const sub = new ElowenClient({ baseUrl: url }).sessions.events("s_x", {
      onEvent: (e) => events.push(e),
      reconnect: { initialDelayMs: 5, idleTimeoutMs: 100 },
    });
    while (events.length < 2) await new Promise((r) => setTimeout(r, 5));
    await sub.close();
    expect(events.map((e) => e.id)).toEqual(["b.1", "b.2"]);
    expect(lastIds.slice(0, 2)).toEqual([undefined, "b.1"]);
  });

  test("keep-alive comments keep a quiet stream open", async () => {
    let connections = 0;
    const url = await serve((_req, res) => {
      connections += 1;
      sse(res);
      const beat = setInterval(() => res.write(": keep-alive\n\n"), 20);
      res.on("close", () => clearInterval(beat));
      setTimeout(() => res.end("id: b.1\ndata: 1\n\n"), 600);
    });
    const events: SessionEvent[] = [];
    const sub = new ElowenClient({ baseUrl: url }).sessions.events("s_x", {
      onEvent: (e) => events.push(e),
      reconnect: { initialDelayMs: 5_000, idleTimeoutMs: 400 },
    });
    while (events.length < 1) await new Promise((r) => setTimeout(r, 5));
    await sub.close();
    expect(connections).toBe(1);
  });

  test("a 204 ends the subscription without an error and without reconnecting", async () => {
    let connections = 0;
    const url = await serve((_req, res) => {
      connections += 1;
      res.writeHead(204).end();
    });
    const errors: unknown[] = [];
    const sub = new ElowenClient({ baseUrl: url }).sessions.events("s_x", {
      onEvent: () => {},
      onError: (e) => errors.push(e),
      reconnect: { initialDelayMs: 1 },
    });
    await sub.done;
    expect(connections).toBe(1);
    expect(errors).toEqual([]);
  });

  test("a listener that throws ends the subscription and reports the error", async () => {
    const url = await serve((_req, res) => {
      sse(res);
      res.write("data: 1\n\n");
    });
    const errors: unknown[] = [];
    const sub = new ElowenClient({ baseUrl: url }).sessions.events("s_x", {
      onEvent: () => {
        throw new Error("listener broke");
      },
      onError: (e) => errors.push(e),
    });
    await sub.done;
    expect(errors[0]).toMatchObject({ message: "listener broke" });
  });
});

describe("requests", () => {
  test("an error answer throws ElowenApiError with the daemon's path", async () => {
    const url = await serve((_req, res) => {
      res
        .writeHead(400, { "content-type": "application/json" })
        .end('{"error":"body.title: Too big","path":"body.title"}');
    });
    const refused = new ElowenClient({ baseUrl: url }).sessions.create({ title: "x" });
    await expect(refused).rejects.toMatchObject({
      name: "ElowenApiError",
      code: "client.request_refused",
      status: 400,
      message: "HTTP 400: body.title: Too big (at body.title)",
      body: { path: "body.title" },
    });
    await expect(refused).rejects.toBeInstanceOf(ElowenError);
  });

  test("an answer that does not match the wire schema is refused", async () => {
    const url = await serve((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" }).end('{"ok":"yes"}');
    });
    await expect(new ElowenClient({ baseUrl: url }).health()).rejects.toThrow();
  });
});

describe("reconnect delays (measured on an injected clock)", () => {
  /** Subscribes with hand-fired timers and the given randomness; the idle watchdog is off. */
  function subscribe(url: string, random: () => number, policy: { maxDelayMs?: number } = {}) {
    const timers = new ManualTimers();
    const events: SessionEvent[] = [];
    const errors: unknown[] = [];
    const sub = new ElowenClient({ baseUrl: url }).sessions.events("s_x", {
      onEvent: (e) => events.push(e),
      onError: (e) => errors.push(e),
      reconnect: { initialDelayMs: 60_000, idleTimeoutMs: 0, timers, random, ...policy },
    });
    return { sub, timers, events, errors };
  }

  test.each([
    [0, 1000],
    [0.5, 1250],
    [0.999, 1499],
  ])(
    "a retry: field that comes with no data (as the daemon sends it) sets the reconnect delay; with randomness %d the wait is %d ms",
    async (random, wait) => {
      const connections: number[] = [];
      const url = await serve((_req, res, n) => {
        connections.push(n);
        sse(res);
        // The daemon's first frame, then the connection drops.
        if (n === 1) res.write("retry: 1000\n\n", () => res.destroy());
        else res.write("id: b.1\ndata: 1\n\n");
      });
      const { sub, timers, events } = subscribe(url, () => random);
      const reconnect = await timers.next();
      expect(reconnect.ms).toBe(wait);
      expect(connections).toEqual([1]);
      timers.elapse(reconnect);
      while (events.length < 1) await new Promise((r) => setImmediate(r));
      await sub.close();
      expect(connections).toEqual([1, 2]);
      expect(events).toEqual([{ id: "b.1", type: "message", data: 1 }]);
    },
  );

  test("failed reconnects double the server's retry up to maxDelayMs; a stream that opens goes back to the server's retry", async () => {
    const url = await serve((_req, res, n) => {
      if (n === 1) return sse(res).end("retry: 1000\n\n");
      if (n <= 4) return res.writeHead(503).end();
      // Opens without a retry field: the server's earlier retry still holds.
      sse(res).end("id: b.1\ndata: 1\n\n");
    });
    const { sub, timers, events } = subscribe(url, () => 0, { maxDelayMs: 3000 });
    const waits: number[] = [];
    while (waits.length < 5) {
      const timer = await timers.next();
      waits.push(timer.ms);
      timers.elapse(timer);
    }
    await sub.close();
    expect(waits).toEqual([1000, 2000, 3000, 3000, 1000]);
    expect(events.map((e) => e.id)).toEqual(["b.1"]);
  });

  test.each([
    [3_600_000, 3_600_000],
    [3_600_001, 3_600_000],
  ])("a server's retry of %d ms waits %d ms at most (an hour)", async (retry, wait) => {
    const url = await serve((_req, res) => sse(res).end(`retry: ${retry}\n\n`));
    const { sub, timers } = subscribe(url, () => 0);
    expect((await timers.next()).ms).toBe(wait);
    await sub.close();
  });

  test("a Retry-After is a floor: the jitter only adds to it", async () => {
    const url = await serve((_req, res) => res.writeHead(429, { "retry-after": "2" }).end());
    const { sub, timers, errors } = subscribe(url, () => 0.5);
    expect((await timers.next()).ms).toBe(2500);
    await sub.close();
    expect(errors).toEqual([]);
  });
});

describe("SSE framing as the WHATWG specification's examples write it", () => {
  test("comments, CRLF and CR line ends, data without a space, multi-line data and a missing id", async () => {
    const url = await serve((_req, res, n) => {
      sse(res);
      if (n > 1) return;
      res.end(
        [
          ": test stream\r\n",
          'id: b.1\r\nevent: card\r\ndata:{"a":\r\ndata: 1}\r\n\r\n',
          "id: b.2\revent: card\rdata: 2\r\r",
          "data: 3\n\n",
          "event: ping\ndata\n\n",
          "data: 4 (no blank line: never dispatched)",
        ].join(""),
      );
    });
    const events: SessionEvent[] = [];
    const sub = new ElowenClient({ baseUrl: url }).sessions.events("s_x", {
      onEvent: (e) => events.push(e),
      reconnect: { initialDelayMs: 1000 },
    });
    while (events.length < 4) await new Promise((r) => setTimeout(r, 5));
    await sub.close();
    // A data line with no value is an event with empty data (the spec dispatches it).
    expect(events).toEqual([
      { id: "b.1", type: "card", data: { a: 1 } },
      { id: "b.2", type: "card", data: 2 },
      { id: "b.2", type: "message", data: 3 },
      { id: "b.2", type: "ping", data: "" },
    ]);
  });
});
