import { rmSync } from "node:fs";
import { join } from "node:path";
import { HookBus } from "@elowen/hook-bus";
import type { SessionEvent } from "@elowen/wire";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { tempHome } from "../../../test/helpers/test-daemon.js";
import { LiveJournal } from "../../live/live-journal.js";
import { SessionEvents } from "../../live/session-events.js";
import { openSqliteStore } from "../../store/sqlite/sqlite-store.js";
import type { Store } from "../../store/store.js";
import { TurnJournal } from "./turn-journal.js";

const answer = { id: "e_answer", kind: "assistant", data: { text: "done" } };
const turnEnd = { id: "e_end", kind: "turn_end", data: { reason: "answer" } };
const hidden = { kind: "custom", customType: "elowen.step-context", hidden: true, data: {} };

let home = "";
let store: Store;
let sessionId = "";
let hooks: HookBus;
let seen: SessionEvent[];
let turn: TurnJournal;

beforeEach(async () => {
  home = tempHome();
  store = openSqliteStore({ file: join(home, "elowen.db") });
  const owner = await store.accounts.create({ name: "owner", role: "owner" });
  sessionId = (await store.sessions.create({ ownerId: owner.id, kind: "interactive" })).id;
  hooks = new HookBus();
  const events = new SessionEvents();
  seen = [];
  events.subscribe(sessionId, undefined, (event) => seen.push(event));
  turn = new TurnJournal(
    { hooks, store, events, journal: new LiveJournal(store, events) },
    sessionId,
  );
});
afterEach(async () => {
  await store.close();
  rmSync(home, { recursive: true, force: true });
});

const journalIds = async () => (await store.journal.branch(sessionId)).map((e) => e.id);
const announced = () =>
  seen.map((e) => (e.data as { entries: { id: string }[] }).entries.map((entry) => entry.id));

describe("a turn's journal", () => {
  test("holds the answer until the turn_end, then commits both and tells clients of each apart", async () => {
    expect(turn.hold(answer)).toBe(true);
    expect(await journalIds()).toEqual([]);
    expect(seen).toEqual([]);
    await turn.end([turnEnd], {});
    expect(await journalIds()).toEqual(["e_answer", "e_end"]);
    expect(announced()).toEqual([["e_answer"], ["e_end"]]);
  });

  test("writes a held answer before any later write of the turn", async () => {
    turn.hold(answer);
    await turn.append([hidden]);
    const branch = await store.journal.branch(sessionId);
    expect(branch.map((e) => e.kind)).toEqual(["assistant", "custom"]);
    expect(announced()).toEqual([["e_answer"]]);
  });

  test("holds one answer at a time: a second is written at once, after the first", async () => {
    expect(turn.hold(answer)).toBe(true);
    expect(turn.hold({ ...answer, id: "e_second" })).toBe(false);
    await turn.append([{ ...answer, id: "e_second" }]);
    expect(await journalIds()).toEqual(["e_answer", "e_second"]);
  });

  test("release commits the held answer alone, and again writes nothing", async () => {
    turn.hold(answer);
    await turn.release();
    await turn.release();
    expect(await journalIds()).toEqual(["e_answer"]);
    expect(announced()).toEqual([["e_answer"]]);
  });

  test("does not hold the answer while a brain.run.beforeSettle hook could read the journal", () => {
    hooks.registerHook("p", { name: "brain.run.beforeSettle", run: () => undefined });
    expect(turn.hold(answer)).toBe(false);
  });

  test("does not hold the answer while a turn.complete hook would see it", () => {
    hooks.on("p", "turn.complete", (_$, e, next) => next(e));
    expect(turn.hold(answer)).toBe(false);
  });

  test("holds a tool result for the reminders' write: announced first, then what it waited to tell", async () => {
    const told: string[] = [];
    const result = { id: "e_result", kind: "tool_result", data: { callId: "c1" } };
    expect(
      turn.holdResult(result, (entry) => told.push(`${entry.id} after ${announced().flat()}`)),
    ).toBe(true);
    expect(await journalIds()).toEqual([]);
    expect(told).toEqual([]);
    await turn.append([hidden]);
    const branch = await store.journal.branch(sessionId);
    expect(branch.map((e) => e.kind)).toEqual(["tool_result", "custom"]);
    expect(told).toEqual(["e_result after e_result"]);
    expect(announced()).toEqual([["e_result"]]);
  });

  test("releaseResult commits a held result alone and leaves a held answer held", async () => {
    const result = { id: "e_result", kind: "tool_result", data: {} };
    let told = 0;
    turn.holdResult(result, () => {
      told += 1;
    });
    expect(turn.hold(answer)).toBe(false);
    await turn.releaseResult();
    await turn.releaseResult();
    expect(await journalIds()).toEqual(["e_result"]);
    expect(told).toBe(1);
    expect(turn.hold(answer)).toBe(true);
    await turn.releaseResult();
    expect(await journalIds()).toEqual(["e_result"]);
    await turn.end([turnEnd], {});
    expect(await journalIds()).toEqual(["e_result", "e_answer", "e_end"]);
  });

  test("a held result that fails to commit stays held, and is written with the next write", async () => {
    const result = { id: "e_result", kind: "tool_result", data: {} };
    let told = 0;
    turn.holdResult(result, () => {
      told += 1;
    });
    const append = store.journal.append.bind(store.journal);
    let fail = true;
    store.journal.append = (...args) => {
      if (fail) return Promise.reject(new Error("disk full"));
      return append(...args);
    };
    await expect(turn.append([hidden])).rejects.toThrow("disk full");
    expect(told).toBe(0);
    fail = false;
    await turn.end([turnEnd], {});
    expect(await journalIds()).toEqual(["e_result", "e_end"]);
    expect(told).toBe(1);
  });

  test("leaves the session's updatedAt to the turn's end", async () => {
    const before = (await store.sessions.get(sessionId))?.updatedAt;
    await new Promise((resolve) => setTimeout(resolve, 5));
    await turn.append([hidden]);
    expect((await store.sessions.get(sessionId))?.updatedAt).toBe(before);
    await turn.end([turnEnd], {});
    expect((await store.sessions.get(sessionId))?.updatedAt).toBeGreaterThan(before ?? 0);
  });
});
