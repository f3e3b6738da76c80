import { connect, createServer, type Server, type Socket } from "node:net";
import { ElowenClient } from "@elowen/client";
import { afterEach, describe, expect, test } from "vitest";
import { startWebDaemon, type WebDaemon } from "../../test/e2e/harness.js";
import { turnId, Wire } from "../../test/fixtures/wire.js";
import { type FeedStatus, SessionFeed } from "./session-feed.js";
import type { TranscriptView } from "./views.js";

const T1 = turnId(1);
let daemon: WebDaemon | undefined;
let proxy: Proxy | undefined;
let feed: SessionFeed | undefined;
afterEach(async () => {
  await feed?.close();
  proxy?.close();
  await daemon?.close();
  feed = undefined;
  proxy = undefined;
  daemon = undefined;
});

/** A TCP proxy in front of the daemon whose connections the test can cut (a network drop). */
interface Proxy {
  readonly url: string;
  cut(): void;
  close(): void;
}

async function startProxy(target: string): Promise<Proxy> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(Number(port), hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
      s.on("error", () => s.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (typeof address !== "object" || !address) throw new Error("the proxy has no address");
  return {
    url: `http://127.0.0.1:${address.port}`,
    cut: () => {
      for (const s of sockets) s.destroy();
    },
    close: () => {
      for (const s of sockets) s.destroy();
      server.close();
    },
  };
}

/** A feed whose every view and status the test can wait on. */
function watch(client: ElowenClient, sessionId: string, pageSize?: number) {
  const views: TranscriptView[] = [];
  const statuses: FeedStatus[] = [];
  const waiters: { check: () => boolean; resolve: () => void }[] = [];
  const settle = () => {
    for (const w of [...waiters])
      if (w.check()) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
  };
  const instance = new SessionFeed({
    client,
    sessionId,
    schedule: (run) => queueMicrotask(run),
    reconnect: { initialDelayMs: 20, maxDelayMs: 50 },
    onChange: (view) => {
      views.push(view);
      settle();
    },
    onStatus: (status) => {
      statuses.push(status);
      settle();
    },
    ...(pageSize === undefined ? {} : { pageSize }),
  });
  const until = (check: () => boolean) =>
    new Promise<void>((resolve) => {
      waiters.push({ check, resolve });
      settle();
    });
  return {
    feed: instance,
    views,
    statuses,
    until,
    notices: () => instance.view.notices.map((n) => n.text),
  };
}

describe("SessionFeed against a real daemon", () => {
  test("loads history, state and cards, then follows live entries and events", async () => {
    daemon = await startWebDaemon();
    const session = await daemon.owner.sessions.create({});
    const wire = new Wire();
    await daemon.daemon.host.journal.append(session.id, [
      { kind: "user", data: wire.user(T1, "first").data },
      { kind: "turn_end", data: wire.turnEnd(T1).data },
    ]);
    await daemon.daemon.host.cards.emit(session.id, { id: "todo", title: "Todo", pinned: true });
    const w = watch(daemon.owner, session.id);
    feed = w.feed;
    await w.feed.start();
    expect(w.feed.view.turns.map((t) => t.user?.text)).toEqual(["first"]);
    expect(w.feed.view.cards.map((c) => c.id)).toEqual(["todo"]);
    daemon.daemon.host.events.publish(session.id, "notice", { level: "info", text: "live" });
    await w.until(() => w.notices().includes("live"));
    expect(w.statuses.at(-1)).toEqual({ state: "live" });
  });

  test("resumes after a dropped connection: events published while it was down arrive once each, in order", async () => {
    daemon = await startWebDaemon();
    proxy = await startProxy(daemon.url);
    const session = await daemon.owner.sessions.create({});
    const client = new ElowenClient({ baseUrl: proxy.url, token: daemon.ownerToken });
    const w = watch(client, session.id);
    feed = w.feed;
    await w.feed.start();
    const publish = (text: string) =>
      daemon?.daemon.host.events.publish(session.id, "notice", { level: "info", text });
    publish("one");
    await w.until(() => w.notices().includes("one"));
    proxy.cut();
    publish("two");
    publish("three");
    await w.until(() => w.notices().includes("three"));
    publish("four");
    await w.until(() => w.notices().includes("four"));
    expect(w.notices()).toEqual(["one", "two", "three", "four"]);
  });

  test("reloads history after the daemon restarted (a reset), and carries on with later events", async () => {
    daemon = await startWebDaemon();
    const session = await daemon.owner.sessions.create({});
    const wire = new Wire();
    const w = watch(daemon.owner, session.id);
    feed = w.feed;
    await w.feed.start();
    daemon.daemon.host.events.publish(session.id, "notice", { level: "info", text: "before" });
    await w.until(() => w.notices().includes("before"));
    // What the feed missed: entries committed while no stream was open, as across a restart.
    await daemon.daemon.host.journal.append(session.id, [
      { kind: "user", data: wire.user(T1, "missed").data },
    ]);
    daemon.daemon.host.events.publish(session.id, "reset", { reason: "restarted" });
    await w.until(() => w.feed.view.turns.some((t) => t.user?.text === "missed"));
    daemon.daemon.host.events.publish(session.id, "notice", { level: "info", text: "after" });
    await w.until(() => w.notices().includes("after"));
    expect(w.feed.view.turns.filter((t) => t.user?.text === "missed")).toHaveLength(1);
  });

  test("loads older pages on demand until the start of the session", async () => {
    daemon = await startWebDaemon();
    const session = await daemon.owner.sessions.create({});
    const wire = new Wire();
    const turns = [1, 2, 3, 4, 5].map((n) => ({
      kind: "user",
      data: wire.user(turnId(n), `turn ${n}`).data,
    }));
    await daemon.daemon.host.journal.append(session.id, turns);
    const w = watch(daemon.owner, session.id, 2);
    feed = w.feed;
    await w.feed.start();
    const texts = () => w.feed.view.turns.map((t) => t.user?.text);
    expect(texts()).toEqual(["turn 4", "turn 5"]);
    await w.feed.loadOlder();
    expect(texts()).toEqual(["turn 2", "turn 3", "turn 4", "turn 5"]);
    await w.feed.loadOlder();
    expect(texts()).toEqual(["turn 1", "turn 2", "turn 3", "turn 4", "turn 5"]);
    expect(w.feed.hasOlder).toBe(false);
    await w.feed.loadOlder();
    expect(texts()).toHaveLength(5);
  });

  test("stops with a message when the session is not the account's (a refusal is not retried)", async () => {
    daemon = await startWebDaemon();
    const w = watch(daemon.owner, `s_${"0".repeat(20)}`);
    feed = w.feed;
    await w.feed.start();
    expect(w.statuses.at(-1)).toMatchObject({
      state: "failed",
      message: expect.stringMatching(/404/),
    });
  });
});
