import { ElowenClient } from "@elowen/client";
import { afterEach, describe, expect, test } from "vitest";

// Two daemons start in each test: on a loaded machine that alone can take most of the default.
const SEVERAL_DAEMONS_MS = 90_000;

import { entriesOf, type FollowedStream, type Frame, followStream } from "./helpers/sse-frames.js";
import { startTestDaemon, type TestDaemon } from "./helpers/test-daemon.js";
import { useTestDatabase } from "./helpers/test-database.js";

const database = useTestDatabase();
const running: TestDaemon[] = [];
const streams: FollowedStream[] = [];
afterEach(async () => {
  for (const stream of streams.splice(0)) stream.close();
  for (const daemon of running.splice(0)) await daemon.close();
});

async function instance(): Promise<TestDaemon> {
  const daemon = await startTestDaemon({
    config: { store: { kind: "postgres", url: database.url, poolSize: 4, leaseMs: 2000 } },
  });
  running.push(daemon);
  return daemon;
}

/** A raw SSE stream of a session, closed after the test. */
async function openStream(url: string, token: string, sessionId: string, lastEventId?: string) {
  const stream = await followStream(url, token, sessionId, lastEventId);
  streams.push(stream);
  return stream;
}

const endsOf = (frames: readonly Frame[]) =>
  entriesOf(frames).filter((e) => e.kind === "turn_end").length;

describe("live events across instances on one PostgreSQL database", () => {
  test(
    "a subscriber on one instance sees each entry of a turn run through another, once, in order",
    async () => {
      const [a, b] = [await instance(), await instance()];
      const session = await a.owner.sessions.create();
      const onB = await openStream(b.url, a.ownerToken, session.id);
      await a.owner.sessions.submitTurn(session.id, { text: "one", waitForSettle: true });
      await a.owner.sessions.submitTurn(session.id, { text: "two", waitForSettle: true });
      await onB.until("turn end 2", (frames) => endsOf(frames) === 2);
      const history = (await a.owner.sessions.history(session.id)).entries;
      expect(entriesOf(onB.frames).map((e) => e.id)).toEqual(history.map((e) => e.id));
    },
    SEVERAL_DAEMONS_MS,
  );

  test(
    "a client that reconnects to another instance with Last-Event-ID gets each entry once, in order",
    async () => {
      const [a, b] = [await instance(), await instance()];
      const session = await a.owner.sessions.create();
      const viaB = new ElowenClient({ baseUrl: b.url, token: a.ownerToken });
      await a.owner.sessions.submitTurn(session.id, { text: "before", waitForSettle: true });

      const onA = await openStream(a.url, a.ownerToken, session.id);
      await a.owner.sessions.submitTurn(session.id, { text: "one", waitForSettle: true });
      await onA.until("turn end 1", (frames) => endsOf(frames) === 1);
      onA.close();
      // Committed while the client was away: the reconnect must bring these.
      await a.owner.sessions.submitTurn(session.id, { text: "two", waitForSettle: true });

      const lastId = onA.frames.at(-1)?.id;
      const onB = await openStream(b.url, a.ownerToken, session.id, lastId);
      expect(onB.frames.some((f) => f.event === "reset")).toBe(false);
      await viaB.sessions.submitTurn(session.id, { text: "three", waitForSettle: true });
      await a.owner.sessions.submitTurn(session.id, { text: "four", waitForSettle: true });
      await onB.until("turn end 3", (frames) => endsOf(frames) === 3);

      const history = (await a.owner.sessions.history(session.id)).entries;
      const seen = [...entriesOf(onA.frames), ...entriesOf(onB.frames)].map((e) => e.id);
      // Everything after the turn before the client subscribed, each once, in journal order.
      expect(seen).toEqual(history.slice(3).map((e) => e.id));
    },
    SEVERAL_DAEMONS_MS,
  );
});
