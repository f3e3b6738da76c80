import { createConnection, createServer, type Server, type Socket } from "node:net";
import { ElowenClient } from "@elowen/client";
import type { SessionEvent } from "@elowen/wire";
import { afterEach, expect, test } from "vitest";
import { startBrainDaemon } from "./helpers/live-events.js";
import { startTestDaemon, type TestDaemon } from "./helpers/test-daemon.js";

let t: TestDaemon | undefined;
let proxy: Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (proxy ? proxy.close(() => resolve()) : resolve()));
  await t?.close();
  t = undefined;
  proxy = undefined;
});

/** A loopback TCP proxy in front of the daemon whose connections a test can cut. */
async function cuttableProxy(target: URL) {
  const sockets = new Set<Socket>();
  proxy = createServer((inbound) => {
    const outbound = createConnection({ host: target.hostname, port: Number(target.port) });
    for (const socket of [inbound, outbound]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => {});
    }
    inbound.pipe(outbound).pipe(inbound);
  });
  await new Promise<void>((resolve) => proxy?.listen(0, "127.0.0.1", () => resolve()));
  const { port } = proxy.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    cut: () => {
      for (const socket of sockets) socket.destroy();
    },
  };
}

async function until(what: string, predicate: () => boolean): Promise<void> {
  for (let i = 0; i < 1000 && !predicate(); i += 1) await new Promise((r) => setTimeout(r, 5));
  if (!predicate()) throw new Error(`never happened: ${what}`);
}

/** A raw connection that asks for a session's stream and then never reads a byte. */
function stalledStream(baseUrl: string, token: string, sessionId: string): Socket {
  const target = new URL(baseUrl);
  const stalled = createConnection({ host: target.hostname, port: Number(target.port) });
  stalled.on("error", () => {});
  stalled.write(
    `GET /sessions/${sessionId}/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nAccept: text/event-stream\r\n\r\n`,
  );
  stalled.pause();
  return stalled;
}

test("a client whose connection is cut mid-stream reconnects and gets every event exactly once, in order", async () => {
  t = await startTestDaemon();
  const session = await t.owner.sessions.create({ title: "resume" });
  const { url, cut } = await cuttableProxy(new URL(t.url));
  const events: SessionEvent[] = [];
  let opens = 0;
  const sub = new ElowenClient({ baseUrl: url, token: t.ownerToken }).sessions.events(session.id, {
    onEvent: (event) => events.push(event),
    onOpen: () => {
      opens += 1;
    },
    reconnect: { initialDelayMs: 20, maxDelayMs: 50 },
  });
  const bus = t.daemon.host.events;
  const publish = (from: number, to: number) => {
    for (let n = from; n <= to; n += 1) bus.publish(session.id, "acme_tick", { n });
  };
  try {
    await until("the stream opens", () => opens === 1 && bus.subscriberCount(session.id) === 1);
    publish(1, 25);
    await until("the first 25 events", () => events.length >= 25);
    cut();
    // Written into the dying connection before the daemon notices, then published while the
    // client is away: either way the daemon replays them after Last-Event-ID.
    publish(26, 35);
    await until("the daemon sees the client gone", () => bus.subscriberCount(session.id) === 0);
    publish(36, 50);
    await until("the reconnect", () => opens === 2);
    publish(51, 60);
    await until("all 60 events", () => events.length >= 60);
  } finally {
    await sub.close();
  }
  expect(events.map((e) => (e.data as { n: number }).n)).toEqual(
    Array.from({ length: 60 }, (_, i) => i + 1),
  );
  expect(new Set(events.map((e) => e.id)).size).toBe(60);
  expect(events.some((e) => e.type === "reset")).toBe(false);
});

test("a client that stops reading is cut off once SSE_MAX_PENDING_BYTES wait for it, and the daemon keeps serving", async () => {
  t = await startTestDaemon();
  const session = await t.owner.sessions.create({ title: "stalled" });
  const bus = t.daemon.host.events;
  const stalled = stalledStream(t.url, t.ownerToken, session.id);
  await until("the stream opens", () => bus.subscriberCount(session.id) === 1);
  const chunk = "x".repeat(64 * 1024);
  // Well past the cap and any socket buffers, in bounded steps.
  for (let i = 0; i < 400 && bus.subscriberCount(session.id) > 0; i += 1) {
    bus.publish(session.id, "acme_blob", { chunk });
    await new Promise((r) => setImmediate(r));
  }
  await until("the stalled stream is closed", () => bus.subscriberCount(session.id) === 0);
  stalled.destroy();
  expect((await t.owner.status()).admitsNewWork).toBe(true);
});

test("a replay larger than SSE_MAX_PENDING_BYTES is delivered whole to a client that reads it", async () => {
  t = await startTestDaemon();
  const session = await t.owner.sessions.create({ title: "big replay" });
  const bus = t.daemon.host.events;
  bus.publish(session.id, "acme_mark", { n: 0 });
  const from = bus.cursor();
  const chunk = "x".repeat(64 * 1024);
  // About 6.5 MB missed while away: more than the cap on what may wait for a reader.
  for (let n = 1; n <= 100; n += 1) bus.publish(session.id, "acme_blob", { n, chunk });
  const seen: number[] = [];
  const sub = new ElowenClient({ baseUrl: t.url, token: t.ownerToken }).sessions.events(
    session.id,
    { lastEventId: from, onEvent: (e) => seen.push((e.data as { n: number }).n) },
  );
  try {
    await until("the whole replay", () => seen.length >= 100);
  } finally {
    await sub.close();
  }
  expect(seen).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
});

test("a subscriber that never reads is cut off during turns while 49 others get every event once, in order", {
  timeout: 120_000,
}, async () => {
  const answer = "Every reader gets this. ".repeat(40);
  t = await startBrainDaemon({
    script: `turns: [{ steps: [{ text: "${answer}" }] }, { steps: [{ text: "${answer}" }] }]`,
  });
  const session = await t.owner.sessions.create({ title: "fan-out" });
  const bus = t.daemon.host.events;
  const owner = t.owner;
  const readers = Array.from({ length: 49 }, () => {
    const reader = { events: [] as SessionEvent[], opens: 0, close: async () => {} };
    const sub = owner.sessions.events(session.id, {
      onEvent: (event) => reader.events.push(event),
      onOpen: () => {
        reader.opens += 1;
      },
    });
    reader.close = () => sub.close();
    return reader;
  });
  const stalled = stalledStream(t.url, t.ownerToken, session.id);
  try {
    await until("every stream opens", () => bus.subscriberCount(session.id) === 50);
    await t.owner.sessions.submitTurn(session.id, { text: "first" });
    const chunk = "x".repeat(64 * 1024);
    // Published while the first turn streams, until the reader that never reads is cut off.
    let blobs = 0;
    while (blobs < 400 && bus.subscriberCount(session.id) > 49) {
      blobs += 1;
      bus.publish(session.id, "acme_blob", { n: blobs, chunk });
      await new Promise((r) => setImmediate(r));
    }
    expect(bus.subscriberCount(session.id)).toBe(49);
    await t.owner.sessions.submitTurn(session.id, { text: "second", waitForSettle: true });
    const settled = (r: { events: SessionEvent[] }) =>
      r.events.filter((e) => e.type === "turn_completed").length;
    await until("both turns reach every reader", () => readers.every((r) => settled(r) === 2));
    const reference = readers[0]?.events.map((e) => e.id) ?? [];
    const counter = (id: string) => Number(id.slice(id.lastIndexOf(".") + 1));
    expect(
      reference.every((id, i) => i === 0 || counter(id) > counter(reference[i - 1] ?? "")),
    ).toBe(true);
    const blobsSeen = readers[0]?.events.filter((e) => e.type === "acme_blob") ?? [];
    expect(blobsSeen.map((e) => (e.data as { n: number }).n)).toEqual(
      Array.from({ length: blobs }, (_, i) => i + 1),
    );
    for (const r of readers) {
      expect(r.opens).toBe(1);
      expect(r.events.map((e) => e.id)).toEqual(reference);
    }
    expect((await t.owner.status()).admitsNewWork).toBe(true);
  } finally {
    stalled.destroy();
    await Promise.all(readers.map((r) => r.close()));
  }
});
