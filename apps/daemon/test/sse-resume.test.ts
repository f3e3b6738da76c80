import { createConnection, createServer, type Server, type Socket } from "node:net";
import { ElowenClient, type SessionEvent } from "@elowen/client";
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
