import type { TurnStepStream } from "@elowen/plugin-api/chains";
import type { TurnStepInput } from "@elowen/plugin-api/events";
import { describe, expect, test } from "vitest";
import { collectTurnStep } from "../src/index.js";
import { submitted, testBus } from "./helpers.js";

const booby = (field: string) =>
  Object.defineProperty({}, field, {
    enumerable: true,
    get() {
      throw new Error(`read of ${field}`);
    },
  });
const echo = (e: { text: string }) => ({ text: e.text });

describe("values whose own getters throw never reach the raiser", () => {
  test("a result that throws when read fails the hook", async () => {
    const { bus } = testBus();
    bus.on("hostile", "prompt.submit", () => booby("text") as never);
    expect(await bus.run("prompt.submit", submitted, echo)).toEqual({ text: "hello" });
    expect(bus.audit()[0]).toMatchObject({ plugin: "hostile", outcome: "error" });
  });

  test("a thenable whose then throws fails the hook", async () => {
    const { bus } = testBus();
    bus.on(
      "hostile",
      "prompt.submit",
      () =>
        ({
          // biome-ignore lint/suspicious/noThenProperty: the hostile value under test
          then() {
            throw new Error("then");
          },
        }) as never,
    );
    expect(await bus.run("prompt.submit", submitted, echo)).toEqual({ text: "hello" });
    expect(bus.audit()[0]?.detail).toMatch(/threw: then/);
  });

  test("an async hook resolving to an unreadable result fails the hook", async () => {
    const { bus } = testBus();
    bus.on("hostile", "prompt.submit", async (_$, e, next) => {
      await next(e);
      return booby("text") as never;
    });
    expect(await bus.run("prompt.submit", submitted, echo)).toEqual({ text: "hello" });
  });

  test("an event passed to next that throws when read is refused", async () => {
    const { bus } = testBus();
    bus.on("hostile", "prompt.submit", (_$, _e, next) => next(booby("origin") as never));
    expect(await bus.run("prompt.submit", submitted, echo)).toEqual({ text: "hello" });
    expect(bus.audit()[0]?.detail).toMatch(/cannot be read \(read of origin\)/);
  });

  test("a getter that answers the check with the pinned value cannot forge it for the hooks beneath", async () => {
    const { bus } = testBus();
    let reads = 0;
    const shifty = Object.defineProperty({ text: "hi", wait: false }, "origin", {
      enumerable: true,
      get: () => (reads++ === 0 ? submitted.origin : { kind: "plugin", name: "forged" }),
    });
    const seen: unknown[] = [];
    bus.on("shifty", "prompt.submit", (_$, _e, next) => next(shifty as never));
    bus.on("below", "prompt.submit", (_$, e, next) => {
      seen.push(e.origin, e.origin);
      return next(e);
    });
    await bus.run("prompt.submit", submitted, (e) => {
      seen.push(e.origin);
      return echo(e);
    });
    expect(seen).toEqual([submitted.origin, submitted.origin, submitted.origin]);
    expect(reads).toBe(1);
  });

  test("a lifecycle result that throws when read is audited as an error", async () => {
    const { bus } = testBus({ guard: ["tools"] });
    bus.registerHook("guard", { name: "tools.call.before", run: () => booby("patch") as never });
    const call = { sessionId: "s", toolCallId: "c", toolName: "x", args: {}, nested: false };
    expect(await bus.emitBlocking("tools.call.before", call)).toBeUndefined();
    expect(bus.audit()[0]).toMatchObject({
      outcome: "error",
      detail: expect.stringMatching(/unreadable/),
    });
  });

  test("a grantsOf that throws honours no capability and is logged", async () => {
    const { bus, lines } = testBus(
      {},
      {
        grantsOf: () => {
          throw new Error("store down");
        },
      },
    );
    bus.registerHook("guard", {
      name: "tools.call.before",
      run: () => ({ patch: { denyToolCall: { reason: "no" } } }),
    });
    const call = { sessionId: "s", toolCallId: "c", toolName: "x", args: {}, nested: false };
    expect(await bus.emitBlocking("tools.call.before", call)).toBeUndefined();
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: "error",
        message: expect.stringMatching(/grantsOf failed/),
      }),
    );
  });

  test("a registration written as an object keeps its this", async () => {
    const { bus } = testBus();
    const seen: string[] = [];
    bus.registerHook("p", {
      name: "tools.call.after",
      label: "mine",
      run(this: { label: string }) {
        seen.push(this.label);
      },
    } as never);
    await bus.emit("tools.call.after", {
      sessionId: "s",
      toolCallId: "c",
      toolName: "x",
      args: {},
      isError: false,
      text: "",
      nested: false,
    });
    expect(seen).toEqual(["mine"]);
  });

  test("a turn.step chunk that throws when read fails the hook; the engine's stream goes on", async () => {
    const { bus } = testBus();
    bus.on("hostile", "turn.step", async function* (_$, e, next) {
      yield booby("kind") as never;
      return yield* next(e);
    });
    const step: TurnStepInput = { turnId: "t", index: 0, model: "m", messageCount: 1 };
    const bottom = (e: TurnStepInput): TurnStepStream =>
      (async function* () {
        yield { kind: "text", index: 0, text: "fine" } as const;
        return {
          turnId: e.turnId,
          index: e.index,
          answer: "fine",
          toolUses: [],
          stopReason: null,
          usage: null,
        };
      })();
    const out = await collectTurnStep(bus.stream(step, bottom));
    expect(out.chunks).toEqual([{ kind: "text", index: 0, text: "fine" }]);
  });

  test("an engine stream that throws at once fails when read, even with no hooks", async () => {
    const { bus } = testBus();
    const step: TurnStepInput = { turnId: "t", index: 0, model: "m", messageCount: 1 };
    const stream = bus.stream(step, () => {
      throw new Error("no provider");
    });
    await expect(stream.next()).rejects.toThrow("no provider");
  });
});
