import { afterEach, describe, expect, test, vi } from "vitest";
import { DEFAULT_SESSIONS_KEPT } from "../src/config/brain-config.js";
import { startBrainDaemon, subscribe } from "./helpers/live-events.js";
import type { TestDaemon } from "./helpers/test-daemon.js";

let t: TestDaemon | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const script = `turns:
  - steps:
      - text: "first answer"
  - steps:
      - text: "second answer"
`;

async function turn(daemon: TestDaemon, sessionId: string, text: string) {
  return daemon.owner.sessions.submitTurn(sessionId, { text, waitForSettle: true });
}

describe("sessions kept in memory", () => {
  test("the default keeps 256 sessions", () => {
    expect(DEFAULT_SESSIONS_KEPT).toBe(256);
  });

  test("at the cap every session stays; one past it the least recently used idle one is evicted", async () => {
    t = await startBrainDaemon({ script, config: { brain: { sessionsKept: 2 } } });
    const brain = t.daemon.host.brain;
    const a = await t.owner.sessions.create();
    const b = await t.owner.sessions.create();
    const c = await t.owner.sessions.create();
    const events = t.daemon.host.events;
    const resume = (sessionId: string, lastEventId: string) => {
      const { replay, unsubscribe } = events.subscribe(sessionId, lastEventId, () => undefined);
      unsubscribe();
      return replay;
    };
    await turn(t, a.id, "hello a");
    const seenA = events.cursor();
    await turn(t, b.id, "hello b");
    expect(brain.sessionsInMemory()).toEqual([a.id, b.id]);
    expect(resume(a.id, seenA)).toEqual({ kind: "replay", events: [] });
    await turn(t, c.id, "hello c");
    expect(brain.sessionsInMemory()).toEqual([b.id, c.id]);
    // Its live events went with it: a client resuming from before is told to reload history.
    expect(resume(a.id, seenA)).toEqual({ kind: "reset", reason: "expired" });
  });

  test("an evicted session still works when used again: its history intact, the next turn reads it", async () => {
    t = await startBrainDaemon({
      script,
      settings: { persona: "You are terse." },
      config: { brain: { sessionsKept: 1 } },
    });
    const brain = t.daemon.host.brain;
    const a = await t.owner.sessions.create();
    const b = await t.owner.sessions.create();
    await turn(t, a.id, "hello a");
    const before = (await t.owner.sessions.history(a.id)).entries;
    await turn(t, b.id, "hello b");
    expect(brain.sessionsInMemory()).toEqual([b.id]);
    // The second turn of the script: the turn's place is read back from the stored history.
    const again = await turn(t, a.id, "again a");
    expect(again).toMatchObject({ outcome: { reason: "answer", answer: "second answer" } });
    const after = (await t.owner.sessions.history(a.id)).entries;
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.map((e) => e.kind)).toEqual([
      "user",
      "assistant",
      "turn_end",
      "user",
      "assistant",
      "turn_end",
    ]);
    expect(brain.sessionsInMemory()).toEqual([a.id]);
    const model = t.daemon.host.store.journal.branch(a.id);
    expect((await model).filter((e) => e.kind === "user")).toHaveLength(2);
  });

  test("a session with a parked turn or a connected client is kept past the cap until both end", async () => {
    t = await startBrainDaemon({
      script: `turns:
  - steps:
      - tools: [{ name: Confirm, args: { question: "Go on?" } }]
      - text: "confirmed"
`,
      // A dropped submission still opens the session's state in memory, without a turn.
      settings: { dropWord: "skip" },
      config: { brain: { sessionsKept: 1 } },
    });
    const brain = t.daemon.host.brain;
    const [parked, watched, other, later] = await Promise.all(
      [1, 2, 3, 4].map(() => t?.owner.sessions.create() ?? Promise.reject()),
    );
    if (!parked || !watched || !other || !later) throw new Error("sessions not created");
    const log = await subscribe(t.owner, parked.id);
    await t.owner.sessions.submitTurn(parked.id, { text: "ask me" });
    const asked = await log.next("question_asked");
    const watcher = await subscribe(t.owner, watched.id);
    expect(await t.owner.sessions.submitTurn(watched.id, { text: "skip" })).toMatchObject({
      status: "dropped",
    });
    await log.close();
    await t.owner.sessions.submitTurn(other.id, { text: "skip" });
    // Three past a cap of one: the parked turn and the watched session cannot go.
    expect(brain.sessionsInMemory()).toEqual([parked.id, watched.id, other.id]);
    const again = await subscribe(t.owner, parked.id);
    await t.owner.sessions.answerQuestion(parked.id, asked.data.questionId, {
      answers: [{ selected: ["Yes"] }],
    });
    await again.next("turn_completed");
    await again.close();
    await watcher.close();
    // The server hears a client leave when its socket closes.
    const events = t.daemon.host.events;
    await vi.waitFor(() => {
      expect([parked.id, watched.id].map((id) => events.subscriberCount(id))).toEqual([0, 0]);
      expect(brain.state(parked.id).running).toBeNull();
    });
    await t.owner.sessions.submitTurn(later.id, { text: "skip" });
    expect(brain.sessionsInMemory()).toEqual([later.id]);
  });
});
