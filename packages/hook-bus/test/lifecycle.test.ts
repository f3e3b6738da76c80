import type {
  HookName,
  PluginShutdownPayload,
  SessionAfterSpawnPayload,
  SessionBeforeSpawnPayload,
  ToolCallAfterPayload,
  ToolCallBeforePayload,
} from "@elowen/plugin-api/hooks";
import type { RunBoundaryPayload } from "@elowen/plugin-api/run-boundary";
import { describe, expect, test } from "vitest";
import { HookBusError } from "../src/index.js";
import { flush } from "./fake-time.js";
import { never, testBus, track } from "./helpers.js";

const before: ToolCallBeforePayload = {
  sessionId: "s1",
  toolCallId: "c1",
  toolName: "Bash",
  args: { command: "rm -rf /" },
  nested: false,
};
const after: ToolCallAfterPayload = { ...before, isError: false, text: "done" };
const spawn: SessionBeforeSpawnPayload = { sessionId: "s1", userId: 1, kind: "interactive" };
const spawned: SessionAfterSpawnPayload = { ...spawn };
const settle: RunBoundaryPayload = {
  sessionId: "s1",
  outcome: "completed",
  continuationAllowed: true,
  continuationsUsed: 0,
};

describe("registering lifecycle hooks", () => {
  test.each([
    ["brain.turn.contextBuilt", /registerTurnContext/],
    ["brain.turn.beforeContext", /registerTurnContext/],
    ["brain.turn.beforeSend", /turn.step/],
    ["brain.turn.afterResponse", /turn.complete/],
    ["plugin.reload.before", /plugin.shutdown/],
    ["plugin.reload.after", /plugin.shutdown/],
  ])("the retired name %s fails, naming what replaced it", (name, replacement) => {
    const { bus } = testBus();
    const register = () => bus.registerHook("p", { name: name as HookName, run: () => {} });
    expect(register).toThrow(HookBusError);
    expect(register).toThrow(
      expect.objectContaining({ code: "hooks.retired_name", field: "name" }),
    );
    expect(register).toThrow(replacement);
  });

  test("an unknown name fails, listing the six hooks", () => {
    const { bus } = testBus();
    expect(() =>
      bus.registerHook("p", { name: "tools.call.around" as HookName, run: () => {} }),
    ).toThrow(
      /brain.session.beforeSpawn, brain.session.afterSpawn, brain.run.beforeSettle, tools.call.before, tools.call.after, plugin.shutdown/,
    );
  });

  test.each([
    ["a string", "run"],
    ["missing", undefined],
  ])("a run that is %s fails", (_label, run) => {
    const { bus } = testBus();
    expect(() => bus.registerHook("p", { name: "tools.call.after", run } as never)).toThrow(
      expect.objectContaining({ code: "hooks.not_a_function", field: "run" }),
    );
  });

  test("a registration that is not an object fails", () => {
    const { bus } = testBus();
    expect(() => bus.registerHook("p", null as never)).toThrow(
      expect.objectContaining({ code: "hooks.invalid_registration" }),
    );
  });

  test("hasHook tells whether any hook is registered for a name, from registration to removal", () => {
    const { bus } = testBus();
    expect(bus.hasHook("brain.run.beforeSettle")).toBe(false);
    const first = bus.registerHook("p", { name: "brain.run.beforeSettle", run: () => {} });
    const second = bus.registerHook("q", { name: "brain.run.beforeSettle", run: () => {} });
    expect(bus.hasHook("brain.run.beforeSettle")).toBe(true);
    expect(bus.hasHook("tools.call.after")).toBe(false);
    first();
    expect(bus.hasHook("brain.run.beforeSettle")).toBe(true);
    second();
    expect(bus.hasHook("brain.run.beforeSettle")).toBe(false);
  });

  test("hasHook answers false for a name that is not a lifecycle hook", () => {
    const { bus } = testBus();
    expect(bus.hasHook("brain.turn.afterResponse" as HookName)).toBe(false);
    expect(bus.hasHook("turn.complete" as HookName)).toBe(false);
  });

  test("a hook that failed to register does not count for hasHook", () => {
    const { bus } = testBus();
    expect(() => bus.registerHook("p", { name: "tools.call.after", run: "x" } as never)).toThrow();
    expect(bus.hasHook("tools.call.after")).toBe(false);
  });

  test("removing a hook stops it being called", async () => {
    const { bus } = testBus();
    let calls = 0;
    const off = bus.registerHook("p", { name: "tools.call.after", run: () => void calls++ });
    await bus.emit("tools.call.after", after);
    off();
    await bus.emit("tools.call.after", after);
    expect(calls).toBe(1);
  });
});

describe("observational emit", () => {
  test("runs every hook at once and discards what they return", async () => {
    const { bus } = testBus();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const order: string[] = [];
    bus.registerHook("first", {
      name: "tools.call.after",
      run: async () => {
        order.push("first started");
        await gate;
        order.push("first done");
        return { audit: "saw it" };
      },
    });
    bus.registerHook("second", {
      name: "tools.call.after",
      run: () => {
        order.push("second started");
        release();
      },
    });
    expect(await bus.emit("tools.call.after", after)).toBeUndefined();
    expect(order).toEqual(["first started", "second started", "first done"]);
    expect(bus.audit().map((row) => [row.plugin, row.outcome, row.detail])).toEqual([
      ["second", "ok", undefined],
      ["first", "ok", "saw it"],
    ]);
  });

  test("a hook that throws fails open and the others still run", async () => {
    const { bus } = testBus();
    const ran: string[] = [];
    bus.registerHook("bad", {
      name: "brain.session.afterSpawn",
      run: () => {
        throw new Error("boom");
      },
    });
    bus.registerHook("good", {
      name: "brain.session.afterSpawn",
      run: () => void ran.push("good"),
    });
    await bus.emit("brain.session.afterSpawn", spawned);
    expect(ran).toEqual(["good"]);
    expect(bus.audit()[0]).toMatchObject({
      plugin: "bad",
      outcome: "error",
      detail: "threw: boom",
    });
  });

  test("a patch returned to an observational emit is dropped and audited", async () => {
    const { bus } = testBus({ p: ["tools"] });
    bus.registerHook("p", {
      name: "tools.call.before",
      run: () => ({ patch: { denyToolCall: { reason: "no" } } }),
    });
    await bus.emit("tools.call.before", before);
    expect(bus.audit()[0]).toMatchObject({
      outcome: "patch-dropped",
      detail: expect.stringMatching(/observational/),
    });
  });

  test.each([
    ["tools.call.after", 12_000],
    ["brain.session.afterSpawn", 2000],
  ] as const)(
    "%s hooks get %i ms: pending one millisecond before, abandoned at it",
    async (name, budget) => {
      const { bus, time, lines } = testBus();
      let signal: AbortSignal | undefined;
      let release: () => void = () => {};
      bus.registerHook("slow", {
        name,
        run: (_payload, context) => {
          signal = context.signal;
          return new Promise<void>((resolve) => {
            release = resolve;
          });
        },
      });
      const emitted = track(
        bus.emit(name, (name === "tools.call.after" ? after : spawned) as never),
      );
      await time.advance(budget - 1);
      expect(emitted.settled).toBe(false);
      expect(signal?.aborted).toBe(false);
      await time.advance(1);
      expect(emitted.settled).toBe(true);
      expect(signal?.reason).toMatchObject({ name: "TimeoutError" });
      expect(bus.audit()[0]).toMatchObject({
        plugin: "slow",
        outcome: "timeout",
        durationMs: budget,
      });
      release();
      await flush();
      expect(lines).toContainEqual(
        expect.objectContaining({ message: expect.stringMatching(/settled after its budget/) }),
      );
    },
  );

  test("plugin.shutdown is not emitted through emit, and an unknown hook is refused", async () => {
    const { bus } = testBus();
    await expect(
      bus.emit("plugin.shutdown" as "tools.call.after", { reason: "stop", deadline: 0 } as never),
    ).rejects.toMatchObject({ code: "hooks.shutdown_via_emit" });
    await expect(bus.emit("nope" as "tools.call.after", after)).rejects.toMatchObject({
      code: "hooks.unknown_name",
    });
  });

  test.each([
    ["a string", "done", /returned the string/],
    ["an unknown key", { result: 1 }, /unknown key "result"/],
  ])("a hook returning %s is audited as an error", async (_label, value, detail) => {
    const { bus } = testBus();
    bus.registerHook("odd", { name: "tools.call.after", run: () => value as never });
    await bus.emit("tools.call.after", after);
    expect(bus.audit()[0]).toMatchObject({
      outcome: "error",
      detail: expect.stringMatching(detail),
    });
  });

  test("annotations and the audit line of a hook reach the audit buffer", async () => {
    const { bus } = testBus();
    bus.registerHook("notes", {
      name: "tools.call.after",
      run: () => ({ annotations: { bytes: 12 }, audit: "scanned output" }),
    });
    await bus.emit("tools.call.after", after);
    expect(bus.audit()[0]).toMatchObject({
      outcome: "ok",
      detail: "scanned output",
      annotations: { bytes: 12 },
    });
  });
});

describe("emitBlocking: tools.call.before", () => {
  test("the first honoured deny wins and later hooks do not run", async () => {
    const { bus } = testBus({ guard: ["tools"], other: ["tools"] });
    const ran: string[] = [];
    bus.registerHook("watcher", { name: "tools.call.before", run: () => void ran.push("watcher") });
    bus.registerHook("guard", {
      name: "tools.call.before",
      run: (payload) => {
        ran.push("guard");
        return payload.toolName === "Bash"
          ? { patch: { denyToolCall: { reason: "no shell" } } }
          : undefined;
      },
    });
    bus.registerHook("other", {
      name: "tools.call.before",
      run: () => {
        ran.push("other");
        return { patch: { denyToolCall: { reason: "also no" } } };
      },
    });
    expect(await bus.emitBlocking("tools.call.before", before)).toEqual({
      pluginName: "guard",
      reason: "no shell",
    });
    expect(ran).toEqual(["watcher", "guard"]);
  });

  test("a deny without mutates: [tools] is dropped and audited; the call proceeds", async () => {
    const { bus } = testBus({ guard: ["prompt"] });
    bus.registerHook("guard", {
      name: "tools.call.before",
      run: () => ({ patch: { denyToolCall: { reason: "no" } } }),
    });
    expect(await bus.emitBlocking("tools.call.before", before)).toBeUndefined();
    expect(bus.audit()[0]).toMatchObject({
      outcome: "patch-dropped",
      detail: expect.stringMatching(/needs the "tools" capability/),
    });
  });

  test.each([
    ["an empty reason", { denyToolCall: { reason: "" } }],
    ["a reason of 2001 characters", { denyToolCall: { reason: "x".repeat(2001) } }],
    ["a persona", { persona: "pirate" }],
  ])("a deny patch with %s is dropped as the wrong shape", async (_label, patch) => {
    const { bus } = testBus({ guard: ["tools"] });
    bus.registerHook("guard", { name: "tools.call.before", run: () => ({ patch }) as never });
    expect(await bus.emitBlocking("tools.call.before", before)).toBeUndefined();
    expect(bus.audit()[0]).toMatchObject({
      outcome: "patch-dropped",
      detail: expect.stringMatching(/does not match tools.call.before's patch/),
    });
  });

  test("a reason of 2000 characters is honoured", async () => {
    const { bus } = testBus({ guard: ["tools"] });
    const reason = "x".repeat(2000);
    bus.registerHook("guard", {
      name: "tools.call.before",
      run: () => ({ patch: { denyToolCall: { reason } } }),
    });
    expect(await bus.emitBlocking("tools.call.before", before)).toEqual({
      pluginName: "guard",
      reason,
    });
  });

  test("hooks run one at a time; a hung one fails open at 3 s and the next then runs", async () => {
    const { bus, time } = testBus({ late: ["tools"] });
    const started: number[] = [];
    bus.registerHook("hung", {
      name: "tools.call.before",
      run: () => {
        started.push(time.now());
        return never();
      },
    });
    bus.registerHook("late", {
      name: "tools.call.before",
      run: () => {
        started.push(time.now());
        return { patch: { denyToolCall: { reason: "late no" } } };
      },
    });
    const t0 = time.now();
    const verdict = track(bus.emitBlocking("tools.call.before", before));
    await time.advance(2999);
    expect(started).toEqual([t0]);
    await time.advance(1);
    expect(verdict.value).toEqual({ pluginName: "late", reason: "late no" });
    expect(started).toEqual([t0, t0 + 3000]);
  });
});

describe("work that finishes after its budget cannot change the settled result", () => {
  /** A handler whose result arrives only when `release` is called. */
  function held(value: unknown) {
    const hold = { release: () => {} };
    const run = () =>
      new Promise((resolve) => {
        hold.release = () => resolve(value);
      }) as never;
    return { hold, run };
  }

  test("a deny that arrives at 3001 ms does not deny the call, and is logged", async () => {
    const { bus, time, lines } = testBus({ guard: ["tools"] });
    const { hold, run } = held({ patch: { denyToolCall: { reason: "too late" } } });
    bus.registerHook("guard", { name: "tools.call.before", run });
    const verdict = track(bus.emitBlocking("tools.call.before", before));
    await time.advance(3000);
    expect(verdict).toMatchObject({ settled: true, value: undefined });
    await time.advance(1);
    hold.release();
    await flush();
    expect(verdict.value).toBeUndefined();
    expect(bus.audit()).toEqual([expect.objectContaining({ plugin: "guard", outcome: "timeout" })]);
    expect(lines).toContainEqual(
      expect.objectContaining({ message: expect.stringMatching(/settled after its budget/) }),
    );
  });

  test("a boundary patch that arrives after 3 s is not among the settled patches", async () => {
    const { bus, time } = testBus({ slow: ["runBoundary"] });
    const late = { entries: [{ kind: "message", text: "late" }], continue: true };
    const { hold, run } = held({ patch: { boundary: late } });
    bus.registerHook("slow", { name: "brain.run.beforeSettle", run });
    const patches = track(bus.emitRunBoundary(settle));
    await time.advance(3000);
    const settled = patches.value;
    expect(settled).toEqual([]);
    hold.release();
    await flush();
    expect(settled).toEqual([]);
    expect(bus.audit()).toHaveLength(1);
  });
});

describe("emitPersona: brain.session.beforeSpawn", () => {
  test("the first non-empty persona from a granted plugin wins; every hook still runs", async () => {
    const { bus } = testBus({ blank: ["prompt"], pirate: ["prompt"], robot: ["prompt"] });
    const ran: string[] = [];
    const persona = (name: string, text: string) =>
      bus.registerHook(name, {
        name: "brain.session.beforeSpawn",
        run: () => {
          ran.push(name);
          return { patch: { persona: text } };
        },
      });
    persona("ungranted", "sneaky");
    persona("blank", "   ");
    persona("pirate", "Speak like a pirate.");
    persona("robot", "Speak like a robot.");
    expect(await bus.emitPersona(spawn)).toEqual({
      pluginName: "pirate",
      persona: "Speak like a pirate.",
    });
    expect(ran).toEqual(["ungranted", "blank", "pirate", "robot"]);
    expect(bus.audit()[0]).toMatchObject({ plugin: "ungranted", outcome: "patch-dropped" });
  });

  test("a persona hook gets 2 s: one that hangs is passed over and the next one's persona wins", async () => {
    const { bus, time } = testBus({ slow: ["prompt"], quick: ["prompt"] });
    bus.registerHook("slow", { name: "brain.session.beforeSpawn", run: () => never() });
    bus.registerHook("quick", {
      name: "brain.session.beforeSpawn",
      run: () => ({ patch: { persona: "Be brief." } }),
    });
    const winner = track(bus.emitPersona(spawn));
    await time.advance(1999);
    expect(winner.settled).toBe(false);
    await time.advance(1);
    expect(winner.value).toEqual({ pluginName: "quick", persona: "Be brief." });
  });

  test("no persona at all is undefined", async () => {
    const { bus } = testBus();
    bus.registerHook("quiet", { name: "brain.session.beforeSpawn", run: () => undefined });
    expect(await bus.emitPersona(spawn)).toBeUndefined();
  });
});

describe("emitRunBoundary: brain.run.beforeSettle", () => {
  test("returns each granted plugin's boundary patch in registration order", async () => {
    const { bus } = testBus({ a: ["runBoundary"], b: ["runBoundary"] });
    const boundary = (text: string) => ({
      patch: { boundary: { entries: [{ kind: "message" as const, text }], continue: true } },
    });
    bus.registerHook("b-first", {
      name: "brain.run.beforeSettle",
      run: () => boundary("ungranted"),
    });
    bus.registerHook("a", { name: "brain.run.beforeSettle", run: () => boundary("from a") });
    bus.registerHook("b", { name: "brain.run.beforeSettle", run: async () => boundary("from b") });
    expect(await bus.emitRunBoundary(settle)).toEqual([
      { pluginName: "a", patch: boundary("from a").patch.boundary },
      { pluginName: "b", patch: boundary("from b").patch.boundary },
    ]);
  });

  test("a boundary patch of the wrong shape is dropped and audited", async () => {
    const { bus } = testBus({ a: ["runBoundary"] });
    bus.registerHook("a", {
      name: "brain.run.beforeSettle",
      run: () => ({ patch: { boundary: { entries: [{ kind: "note", text: "x" }] } } }) as never,
    });
    expect(await bus.emitRunBoundary(settle)).toEqual([]);
    expect(bus.audit()[0]).toMatchObject({ outcome: "patch-dropped" });
  });

  test("a boundary hook gets 3 s", async () => {
    const { bus, time } = testBus({ a: ["runBoundary"] });
    bus.registerHook("a", { name: "brain.run.beforeSettle", run: () => never() });
    const patches = track(bus.emitRunBoundary(settle));
    await time.advance(2999);
    expect(patches.settled).toBe(false);
    await time.advance(1);
    expect(patches.value).toEqual([]);
  });
});

describe("shutdown: plugin.shutdown", () => {
  const payload = (deadline: number): PluginShutdownPayload => ({ reason: "stop", deadline });

  test("fires once: a second shutdown returns the first report without calling hooks again", async () => {
    const { bus, time } = testBus();
    let calls = 0;
    bus.registerHook("lease", { name: "plugin.shutdown", run: () => void calls++ });
    const first = await bus.shutdown(payload(time.now() + 1000));
    const second = await bus.shutdown(payload(time.now() + 1000));
    expect(calls).toBe(1);
    expect(second).toBe(first);
    expect(first).toEqual({ completed: ["lease"], failed: [], abandoned: [] });
  });

  test("a hook that hangs is abandoned at the teardown's deadline so the exit proceeds", async () => {
    const { bus, time } = testBus();
    bus.registerHook("hangs", { name: "plugin.shutdown", run: () => never() });
    bus.registerHook("quick", { name: "plugin.shutdown", run: async () => {} });
    bus.registerHook("breaks", {
      name: "plugin.shutdown",
      run: () => {
        throw new Error("no");
      },
    });
    const report = track(bus.shutdown(payload(time.now() + 500)));
    await time.advance(499);
    expect(report.settled).toBe(false);
    await time.advance(1);
    expect(report.value).toEqual({
      completed: ["quick"],
      failed: ["breaks"],
      abandoned: ["hangs"],
    });
  });

  test("the whole pause is bounded by the hook budget even with a distant deadline", async () => {
    const { bus, time } = testBus();
    bus.registerHook("hangs", { name: "plugin.shutdown", run: () => never() });
    const report = track(bus.shutdown(payload(time.now() + 60_000)));
    await time.advance(2000);
    expect(report.value?.abandoned).toEqual(["hangs"]);
  });

  test("a deadline already past still fires each hook once and abandons the slow ones", async () => {
    const { bus, time } = testBus();
    let called = false;
    bus.registerHook("slow", {
      name: "plugin.shutdown",
      run: () => {
        called = true;
        return never();
      },
    });
    const report = track(bus.shutdown(payload(time.now() - 10)));
    await time.advance(0);
    expect(called).toBe(true);
    expect(report.value?.abandoned).toEqual(["slow"]);
  });
});

describe("the audit buffer", () => {
  test("is bounded: at capacity it keeps every row, one past it drops the oldest", async () => {
    const { bus } = testBus({}, { auditCapacity: 3 });
    for (let i = 0; i < 3; i++)
      bus.registerHook(`p${i}`, { name: "tools.call.after", run: () => undefined });
    await bus.emit("tools.call.after", after);
    expect(bus.audit().map((row) => row.plugin)).toEqual(["p0", "p1", "p2"]);
    bus.registerHook("p3", { name: "tools.call.after", run: () => undefined });
    await bus.emit("tools.call.after", after);
    expect(bus.audit().map((row) => row.plugin)).toEqual(["p1", "p2", "p3"]);
  });

  test("records how long each hook took on the host clock", async () => {
    const { bus, time } = testBus();
    bus.registerHook("slowish", {
      name: "tools.call.after",
      run: () => new Promise<void>((resolve) => time.setTimeout(resolve, 250)),
    });
    const done = bus.emit("tools.call.after", after);
    await time.advance(250);
    await done;
    expect(bus.audit()[0]).toMatchObject({ durationMs: 250, at: time.now() });
  });
});
