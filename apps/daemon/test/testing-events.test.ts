import { afterEach, describe, expect, test } from "vitest";
import {
  DEFAULT_WAIT_TIMEOUT_MS,
  MAX_WAIT_TIMEOUT_MS,
  startTestDaemon,
  type TestDaemon,
  TestingError,
} from "../src/testing/index.js";

let t: TestDaemon | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const SCRIPT = `turns:
  - steps:
      - text: "First."
  - steps:
      - text: "Second."
`;

async function failure(run: () => Promise<unknown>): Promise<TestingError> {
  const error = await run().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TestingError);
  return error as TestingError;
}

describe("events", () => {
  test("records a session's live events; next answers one already received and one still to come", async () => {
    t = await startTestDaemon({ script: SCRIPT });
    const session = await t.owner.sessions.create();
    const log = await t.events(session.id);
    await t.submitTurn(session.id, "one");
    const first = await log.next("turn_completed");
    expect(first.data.answer).toBe("First.");
    const second = log.next("turn_completed", (e) => e.data.answer === "Second.");
    await t.owner.sessions.submitTurn(session.id, { text: "two" });
    expect((await second).data.answer).toBe("Second.");
    expect(log.of("turn_completed").map((e) => e.data.answer)).toEqual(["First.", "Second."]);
    expect(log.events.length).toBeGreaterThan(2);
    await log.close();
  });

  test("subscribes as another account's client when given one", async () => {
    t = await startTestDaemon({ script: SCRIPT });
    const ada = await t.createAccount("ada");
    const session = await ada.client.sessions.create();
    const log = await t.events(session.id, { client: ada.client });
    await t.submitTurn(session.id, "one", { client: ada.client });
    expect((await log.next("turn_completed")).data.answer).toBe("First.");
    await log.close();
  });

  test("a wait with nothing arriving fails with wait_timeout, naming the type and what did arrive", async () => {
    t = await startTestDaemon();
    const session = await t.owner.sessions.create();
    const log = await t.events(session.id);
    const error = await failure(() => log.next("turn_completed", undefined, { timeoutMs: 1 }));
    expect(error.code).toBe("wait_timeout");
    expect(error.message).toMatch(/no turn_completed event arrived in session .* within 1 ms/);
    await log.close();
  });

  test(`takes a timeout from 1 to ${MAX_WAIT_TIMEOUT_MS} ms and refuses 0, a fraction and one past the limit`, async () => {
    t = await startTestDaemon({ script: SCRIPT });
    const session = await t.owner.sessions.create();
    const log = await t.events(session.id, { timeoutMs: MAX_WAIT_TIMEOUT_MS });
    await t.submitTurn(session.id, "one");
    const found = await log.next("turn_completed", undefined, { timeoutMs: MAX_WAIT_TIMEOUT_MS });
    expect(found.data.answer).toBe("First.");
    for (const timeoutMs of [0, 1.5, MAX_WAIT_TIMEOUT_MS + 1]) {
      const error = await failure(() => log.next("turn_completed", undefined, { timeoutMs }));
      expect(error.code).toBe("invalid_option");
      expect(error.message).toBe(
        `timeoutMs must be a whole number of milliseconds from 1 to ${MAX_WAIT_TIMEOUT_MS} (got ${timeoutMs})`,
      );
    }
    expect(DEFAULT_WAIT_TIMEOUT_MS).toBe(10_000);
    await log.close();
  });

  test("an unknown event type is refused, naming the known ones", async () => {
    t = await startTestDaemon();
    const session = await t.owner.sessions.create();
    const log = await t.events(session.id);
    const error = await failure(() => log.next("turn_finished" as "turn_completed"));
    expect(error.code).toBe("invalid_option");
    expect(error.message).toMatch(
      /type must be a session event type \(.*turn_completed.*\); got "turn_finished"/,
    );
    await log.close();
  });

  test("closing the log fails a pending wait with stream_closed", async () => {
    t = await startTestDaemon();
    const session = await t.owner.sessions.create();
    const log = await t.events(session.id);
    const pending = failure(() => log.next("turn_completed"));
    await log.close();
    expect((await pending).code).toBe("stream_closed");
  });

  test("a stream the daemon refuses (another account's session) fails with stream_stopped", async () => {
    t = await startTestDaemon();
    const ada = await t.createAccount("ada");
    const session = await t.owner.sessions.create();
    const error = await failure(
      () => t?.events(session.id, { client: ada.client }) as Promise<unknown>,
    );
    expect(error.code).toBe("stream_stopped");
    expect(error.message).toMatch(/stopped for good/);
  });

  test("submitTurn and events refuse an empty session id or text", async () => {
    t = await startTestDaemon();
    const session = await t.owner.sessions.create();
    expect((await failure(() => t?.submitTurn("", "hi") as Promise<unknown>)).message).toBe(
      "sessionId must be a non-empty string",
    );
    expect((await failure(() => t?.submitTurn(session.id, " ") as Promise<unknown>)).message).toBe(
      "text must be a non-empty string",
    );
    expect((await failure(() => t?.events("") as Promise<unknown>)).code).toBe("invalid_option");
  });
});

describe("raw events", () => {
  test("raw keeps an event of a type the client does not know (a plugin's own); events leaves it out", async () => {
    t = await startTestDaemon();
    const session = await t.owner.sessions.create();
    const log = await t.events(session.id);
    t.daemon.host.events.publish(session.id, "acme_progress", { done: 1 });
    t.daemon.host.events.publish(session.id, "reset", { reason: "expired" });
    await log.next("reset");
    expect(log.raw.map((e) => e.type)).toEqual(["acme_progress", "reset"]);
    expect(log.events.map((e) => e.type)).toEqual(["reset"]);
    await log.close();
  });
});
