import { ElowenClient } from "@elowen/client";
import { afterEach, describe, expect, test } from "vitest";

// Two daemons start in each test: on a loaded machine that alone can take most of the default.
const SEVERAL_DAEMONS_MS = 90_000;

import { startTestDaemon, type TestDaemon } from "./helpers/test-daemon.js";
import { useTestDatabase } from "./helpers/test-database.js";

const database = useTestDatabase();
const running: TestDaemon[] = [];
const streams: AbortController[] = [];
afterEach(async () => {
  for (const stream of streams.splice(0)) stream.abort();
  for (const daemon of running.splice(0)) await daemon.close();
});

async function instance(): Promise<TestDaemon> {
  const daemon = await startTestDaemon({
    config: { store: { kind: "postgres", url: database.url, poolSize: 4, leaseMs: 2000 } },
  });
  running.push(daemon);
  return daemon;
}

interface Frame {
  readonly id: string;
  readonly event: string;
  readonly data: unknown;
}

/** A raw SSE stream of a session, read frame by frame. */
async function openStream(url: string, token: string, sessionId: string, lastEventId?: string) {
  const controller = new AbortController();
  streams.push(controller);
  const response = await fetch(`${url}/sessions/${sessionId}/events`, {
    headers: {
      authorization: `Bearer ${token}`,
      ...(lastEventId === undefined ? {} : { "last-event-id": lastEventId }),
    },
    signal: controller.signal,
  });
  if (!response.body) throw new Error("no body");
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const frames: Frame[] = [];
  let text = "";
  return {
    frames,
    /** Reads until `done` holds for the frames so far. */
    async until(done: (frames: readonly Frame[]) => boolean): Promise<void> {
      while (!done(frames)) {
        const { value, done: ended } = await reader.read();
        if (ended) throw new Error("the stream ended");
        text += value;
        const parts = text.split("\n\n");
        text = parts.pop() ?? "";
        for (const part of parts) {
          const field = (name: string) =>
            part
              .split("\n")
              .find((line) => line.startsWith(`${name}: `))
              ?.slice(name.length + 2);
          const data = field("data");
          if (data !== undefined)
            frames.push({
              id: field("id") ?? "",
              event: field("event") ?? "",
              data: JSON.parse(data),
            });
        }
      }
    },
    close: () => controller.abort(),
  };
}

const entriesOf = (frames: readonly Frame[]) =>
  frames.flatMap((f) =>
    f.event === "entries" ? (f.data as { entries: { id: string; kind: string }[] }).entries : [],
  );
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
      await onB.until((frames) => endsOf(frames) === 2);
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
      await onA.until((frames) => endsOf(frames) === 1);
      onA.close();
      // Committed while the client was away: the reconnect must bring these.
      await a.owner.sessions.submitTurn(session.id, { text: "two", waitForSettle: true });

      const lastId = onA.frames.at(-1)?.id;
      const onB = await openStream(b.url, a.ownerToken, session.id, lastId);
      expect(onB.frames.some((f) => f.event === "reset")).toBe(false);
      await viaB.sessions.submitTurn(session.id, { text: "three", waitForSettle: true });
      await a.owner.sessions.submitTurn(session.id, { text: "four", waitForSettle: true });
      await onB.until((frames) => endsOf(frames) === 3);

      const history = (await a.owner.sessions.history(session.id)).entries;
      const seen = [...entriesOf(onA.frames), ...entriesOf(onB.frames)].map((e) => e.id);
      // Everything after the turn before the client subscribed, each once, in journal order.
      expect(seen).toEqual(history.slice(3).map((e) => e.id));
    },
    SEVERAL_DAEMONS_MS,
  );
});
