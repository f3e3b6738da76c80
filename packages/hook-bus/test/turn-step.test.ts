import type { TurnStepStream } from "@elowen/plugin-api/chains";
import type { TurnStepChunk, TurnStepInput, TurnStepResult } from "@elowen/plugin-api/events";
import { describe, expect, test } from "vitest";
import { collectTurnStep } from "../src/index.js";
import { testBus, track } from "./helpers.js";

const step: TurnStepInput = { turnId: "t1", index: 0, model: "sonnet", messageCount: 4 };
const CHUNKS: readonly TurnStepChunk[] = [
  { kind: "engine", ref: 1 },
  { kind: "text", index: 0, text: "hello " },
  { kind: "text", index: 0, text: "world" },
  { kind: "engine", ref: 2 },
  { kind: "tool", index: 1, id: "call-1", name: "Read" },
  { kind: "input", index: 1, json: '{"path":' },
  { kind: "input", index: 1, json: '"/a"}' },
  { kind: "stop", stopReason: "tool_use", usage: null },
];
const resultOf = (e: TurnStepInput): TurnStepResult => ({
  turnId: e.turnId,
  index: e.index,
  answer: "hello world",
  toolUses: [{ name: "Read", input: { path: "/a" } }],
  stopReason: "tool_use",
  usage: null,
});

/** The engine's stream; records the inputs it was raised with and whether it was closed. */
function engine(chunks: readonly TurnStepChunk[] = CHUNKS) {
  const calls: TurnStepInput[] = [];
  const state = { finished: false, closed: false };
  const bottom = (e: TurnStepInput): TurnStepStream =>
    (async function* () {
      calls.push(e);
      try {
        for (const chunk of chunks) yield chunk;
        state.finished = true;
        return resultOf(e);
      } finally {
        if (!state.finished) state.closed = true;
      }
    })();
  return { bottom, calls, state };
}

describe("turn.step streaming", () => {
  test("with no hooks the engine's stream is the chain's", async () => {
    const { bus } = testBus();
    const { bottom } = engine();
    const out = await collectTurnStep(bus.stream(step, bottom));
    expect(out.chunks).toEqual(CHUNKS);
    expect(out.result).toEqual(resultOf(step));
  });

  test("a pass-through hook changes nothing", async () => {
    const { bus } = testBus();
    bus.on("p", "turn.step", async function* (_$, e, next) {
      return yield* next(e);
    });
    const out = await collectTurnStep(bus.stream(step, engine().bottom));
    expect(out.chunks).toEqual(CHUNKS);
    expect(out.result).toEqual(resultOf(step));
    expect(out.toolCalls).toEqual([
      { index: 1, id: "call-1", name: "Read", json: '{"path":"/a"}', input: { path: "/a" } },
    ]);
  });

  test("a hook rewrites text chunks and the model; engine chunks pass on as they came", async () => {
    const { bus } = testBus();
    bus.on("shout", "turn.step", async function* (_$, e, next) {
      for await (const chunk of next({ ...e, model: "opus" }))
        yield chunk.kind === "text" ? { ...chunk, text: chunk.text.toUpperCase() } : chunk;
    });
    const { bottom, calls } = engine();
    const out = await collectTurnStep(bus.stream(step, bottom));
    expect(calls[0]?.model).toBe("opus");
    expect(out.chunks.filter((c) => c.kind === "text").map((c) => c.text)).toEqual([
      "HELLO ",
      "WORLD",
    ]);
    expect(out.chunks.filter((c) => c.kind === "engine")).toEqual([
      { kind: "engine", ref: 1 },
      { kind: "engine", ref: 2 },
    ]);
    expect(out.result).toEqual(resultOf({ ...step, model: "opus" }));
  });

  test("a hook rewrites thinking, tool, input and stop chunks, and the tool call is assembled from what it yielded", async () => {
    const { bus } = testBus();
    const thinking: TurnStepChunk = { kind: "thinking", index: 2, text: "secret plan" };
    bus.on("sandbox", "turn.step", async function* (_$, e, next) {
      for await (const chunk of next(e)) {
        if (chunk.kind === "thinking") yield { ...chunk, text: "[redacted]" };
        else if (chunk.kind === "tool") yield { ...chunk, name: "SandboxedRead" };
        else if (chunk.kind === "input")
          yield { ...chunk, json: chunk.json.replace("/a", "/sandbox/a") };
        else if (chunk.kind === "stop") yield { ...chunk, stopReason: "end_turn" };
        else yield chunk;
      }
    });
    const out = await collectTurnStep(bus.stream(step, engine([thinking, ...CHUNKS]).bottom));
    expect(out.chunks[0]).toEqual({ kind: "thinking", index: 2, text: "[redacted]" });
    expect(out.chunks.filter((c) => c.kind === "engine")).toHaveLength(2);
    expect(out.chunks.at(-1)).toEqual({ kind: "stop", stopReason: "end_turn", usage: null });
    expect(out.toolCalls).toEqual([
      {
        index: 1,
        id: "call-1",
        name: "SandboxedRead",
        json: '{"path":"/sandbox/a"}',
        input: { path: "/sandbox/a" },
      },
    ]);
  });

  test("a matcher on the model narrows which steps reach the hook", async () => {
    const { bus } = testBus();
    bus.on("opus-only", "turn.step", { model: /^opus/ }, async function* () {
      yield { kind: "text", index: 0, text: "hooked" } as const;
    });
    const out = await collectTurnStep(bus.stream(step, engine().bottom));
    expect(out.chunks).toEqual(CHUNKS);
  });

  test("a tool chunk a hook keeps back is no tool call", async () => {
    const { bus } = testBus();
    bus.on("no-read", "turn.step", async function* (_$, e, next) {
      const blocked = new Set<number>();
      for await (const chunk of next(e)) {
        if (chunk.kind === "tool" && chunk.name === "Read") blocked.add(chunk.index);
        else if (chunk.kind === "input" && blocked.has(chunk.index)) continue;
        else yield chunk;
      }
    });
    const out = await collectTurnStep(bus.stream(step, engine().bottom));
    expect(out.chunks.some((c) => c.kind === "tool")).toBe(false);
    expect(out.toolCalls).toEqual([]);
  });

  test("a hook may answer without next: its chunks make the result", async () => {
    const { bus } = testBus();
    bus.on("canned", "turn.step", async function* () {
      yield { kind: "text", index: 0, text: "canned answer" } as const;
      yield { kind: "stop", stopReason: "end_turn", usage: null } as const;
    });
    const { bottom, calls } = engine();
    const out = await collectTurnStep(bus.stream(step, bottom));
    expect(calls).toEqual([]);
    expect(out.result).toEqual({
      turnId: "t1",
      index: 0,
      answer: "canned answer",
      toolUses: [],
      stopReason: "end_turn",
      usage: null,
    });
  });

  test("engine chunks a hook swallowed are passed on for it when it finishes, and logged", async () => {
    const { bus, lines } = testBus();
    bus.on("sloppy", "turn.step", async function* (_$, e, next) {
      for await (const chunk of next(e)) if (chunk.kind !== "engine") yield chunk;
    });
    const out = await collectTurnStep(bus.stream(step, engine().bottom));
    expect(out.chunks.filter((c) => c.kind === "engine")).toHaveLength(2);
    expect(lines).toContainEqual(
      expect.objectContaining({ message: expect.stringMatching(/did not pass engine chunks on/) }),
    );
  });

  test("a second next reads on from the same stream: nothing twice, the engine once", async () => {
    const { bus } = testBus();
    bus.on("twice", "turn.step", async function* (_$, e, next) {
      const first = next(e);
      yield (await first.next()).value as TurnStepChunk;
      return yield* next({ ...e, model: "ignored" });
    });
    const { bottom, calls } = engine();
    const out = await collectTurnStep(bus.stream(step, bottom));
    expect(out.chunks).toEqual(CHUNKS);
    expect(calls).toHaveLength(1);
  });
});

describe("a turn.step hook that fails loses nothing the engine streamed", () => {
  test("a hook that throws mid-stream: the rest of the engine stream continues unmodified", async () => {
    const { bus } = testBus();
    bus.on("flaky", "turn.step", async function* (_$, e, next) {
      let seen = 0;
      for await (const chunk of next(e)) {
        if (++seen === 3) throw new Error("mid-stream");
        yield chunk.kind === "text" ? { ...chunk, text: chunk.text.toUpperCase() } : chunk;
      }
    });
    const { bottom, calls } = engine();
    const out = await collectTurnStep(bus.stream(step, bottom));
    expect(out.chunks).toEqual([CHUNKS[0], { ...CHUNKS[1], text: "HELLO " }, ...CHUNKS.slice(2)]);
    expect(out.result).toEqual(resultOf(step));
    expect(calls).toHaveLength(1);
    expect(bus.audit()).toEqual([
      expect.objectContaining({ plugin: "flaky", hook: "turn.step", detail: "threw: mid-stream" }),
    ]);
  });

  test("a hook that buffers and then throws: what it held passes on unmodified", async () => {
    const { bus } = testBus();
    bus.on("buffer", "turn.step", async function* (_$, e, next) {
      const held: TurnStepChunk[] = [];
      for await (const chunk of next(e)) {
        held.push(chunk);
        if (held.length === 4) throw new Error("gave up");
      }
      yield* held;
    });
    const out = await collectTurnStep(bus.stream(step, engine().bottom));
    expect(out.chunks).toEqual(CHUNKS);
  });

  test.each([
    ["a chunk of an unknown kind", { kind: "image", data: "x" }],
    ["a text chunk without its index", { kind: "text", text: "x" }],
    ["nothing", undefined],
  ])("yielding %s fails the hook; the stream continues from the engine", async (_l, garbage) => {
    const { bus } = testBus();
    bus.on("garbage", "turn.step", async function* (_$, e, next) {
      const inner = next(e);
      yield (await inner.next()).value as TurnStepChunk;
      await inner.next();
      yield garbage as TurnStepChunk;
    });
    const out = await collectTurnStep(bus.stream(step, engine().bottom));
    expect(out.chunks).toEqual(CHUNKS);
    expect(bus.audit()[0]?.detail).toMatch(/not a turn.step chunk/);
  });

  test("an engine chunk the hook did not receive fails it and never leaves the chain", async () => {
    const { bus } = testBus();
    bus.on("forger", "turn.step", async function* (_$, e, next) {
      yield { kind: "engine", ref: 99 } as const;
      return yield* next(e);
    });
    const out = await collectTurnStep(bus.stream(step, engine().bottom));
    expect(out.chunks).toEqual(CHUNKS);
    expect(bus.audit()[0]?.detail).toMatch(/engine chunk it did not receive \(ref 99\)/);
  });

  test("a hook that changes a pinned field is skipped with the step it received", async () => {
    const { bus } = testBus();
    bus.on("reindex", "turn.step", async function* (_$, e, next) {
      return yield* next({ ...e, index: 5 });
    });
    const { bottom, calls } = engine();
    const out = await collectTurnStep(bus.stream(step, bottom));
    expect(calls).toEqual([step]);
    expect(out.chunks).toEqual(CHUNKS);
    expect(bus.audit()[0]?.detail).toMatch(/index is pinned/);
  });

  test("a hook that returns no generator is skipped", async () => {
    const { bus } = testBus();
    bus.on("plain", "turn.step", (() => ({ text: "no" })) as never);
    const out = await collectTurnStep(bus.stream(step, engine().bottom));
    expect(out.chunks).toEqual(CHUNKS);
    expect(bus.audit()[0]?.detail).toMatch(/a turn.step hook is an async generator/);
  });

  test("a garbage result fails the hook and the engine's result stands", async () => {
    const { bus } = testBus();
    bus.on("liar", "turn.step", async function* (_$, e, next) {
      yield* next(e);
      return { answer: 42 } as never;
    });
    const out = await collectTurnStep(bus.stream(step, engine().bottom));
    expect(out.result).toEqual(resultOf(step));
    expect(out.chunks).toEqual(CHUNKS);
  });

  test("a hook that hangs mid-stream is dropped at its budget; the rest streams on", async () => {
    const { bus, time } = testBus();
    bus.on("stuck", "turn.step", async function* (_$, e, next) {
      const inner = next(e);
      yield (await inner.next()).value as TurnStepChunk;
      await new Promise(() => {});
    });
    const collected = track(collectTurnStep(bus.stream(step, engine().bottom)));
    await time.advance(1999);
    expect(collected.settled).toBe(false);
    await time.advance(1);
    expect(collected.settled).toBe(true);
    expect(collected.value?.chunks).toEqual(CHUNKS);
    expect(bus.audit()[0]).toMatchObject({ outcome: "timeout", plugin: "stuck" });
  });

  test("waiting on a slow engine does not spend a hook's budget", async () => {
    const { bus, time } = testBus();
    bus.on("patient", "turn.step", async function* (_$, e, next) {
      return yield* next(e);
    });
    const slow = (e: TurnStepInput): TurnStepStream =>
      (async function* () {
        for (const chunk of CHUNKS) {
          await new Promise((resolve) => time.setTimeout(() => resolve(undefined), 1500));
          yield chunk;
        }
        return resultOf(e);
      })();
    const collected = track(collectTurnStep(bus.stream(step, slow)));
    await time.advance(1500 * CHUNKS.length);
    expect(collected.value?.chunks).toEqual(CHUNKS);
    expect(bus.audit()).toEqual([]);
  });

  test("the engine's own error reaches the consumer", async () => {
    const { bus } = testBus();
    bus.on("p", "turn.step", async function* (_$, e, next) {
      return yield* next(e);
    });
    const failing = (): TurnStepStream =>
      (async function* () {
        yield CHUNKS[1] as TurnStepChunk;
        throw new Error("overloaded");
      })();
    await expect(collectTurnStep(bus.stream(step, failing))).rejects.toThrow("overloaded");
  });

  test("a consumer that stops early closes the hook and the engine's stream", async () => {
    const { bus } = testBus();
    let hookClosed = false;
    bus.on("p", "turn.step", async function* (_$, e, next) {
      try {
        return yield* next(e);
      } finally {
        hookClosed = true;
      }
    });
    const { bottom, state } = engine();
    const stream = bus.stream(step, bottom);
    await stream.next();
    await stream.return(resultOf(step));
    await new Promise((resolve) => setImmediate(resolve));
    expect(hookClosed).toBe(true);
    expect(state.closed).toBe(true);
  });
});
