import { createConnection, createServer, type Server, type Socket } from "node:net";
import { ElowenClient } from "@elowen/client";
import type { SessionEvent } from "@elowen/wire";
import { afterEach, expect, test } from "vitest";
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
  const target = new URL(t.url);
  // A raw connection that asks for the stream and then never reads a byte.
  const stalled = createConnection({ host: target.hostname, port: Number(target.port) });
  stalled.on("error", () => {});
  stalled.write(
    `GET /sessions/${session.id}/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${t.ownerToken}\r\nAccept: text/event-stream\r\n\r\n`,
  );
  stalled.pause();
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
