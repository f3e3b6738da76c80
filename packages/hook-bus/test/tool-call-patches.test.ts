import type { ToolCallAfterPayload, ToolCallBeforePayload } from "@elowen/plugin-api/hooks";
import { describe, expect, test } from "vitest";
import { testBus } from "./helpers.js";

const before: ToolCallBeforePayload = {
  sessionId: "s1",
  toolCallId: "c1",
  toolName: "Bash",
  args: { command: "rm -rf /" },
  nested: false,
};
const after: ToolCallAfterPayload = { ...before, isError: false, text: "done" };

describe("emitToolCallBefore: updateArgs", () => {
  test("the last honoured updateArgs wins, each hook reading the model's arguments", async () => {
    const { bus } = testBus({ a: ["tools"], b: ["tools"] });
    const seen: unknown[] = [];
    for (const name of ["a", "b"])
      bus.registerHook(name, {
        name: "tools.call.before",
        run: (payload) => {
          seen.push(payload.args);
          return { patch: { updateArgs: { args: { command: `ls # ${name}` } } } };
        },
      });
    expect(await bus.emitToolCallBefore(before)).toEqual({
      updatedArgs: { pluginName: "b", args: { command: "ls # b" } },
    });
    expect(seen).toEqual([before.args, before.args]);
  });

  test("a deny wins over an earlier rewrite", async () => {
    const { bus } = testBus({ a: ["tools"], b: ["tools"] });
    bus.registerHook("a", {
      name: "tools.call.before",
      run: () => ({ patch: { updateArgs: { args: { command: "ls" } } } }),
    });
    bus.registerHook("b", {
      name: "tools.call.before",
      run: () => ({ patch: { denyToolCall: { reason: "no" } } }),
    });
    expect(await bus.emitToolCallBefore(before)).toEqual({
      denial: { pluginName: "b", reason: "no" },
    });
  });

  test("a rewrite without mutates: [tools] is dropped and audited; the call keeps its arguments", async () => {
    const { bus } = testBus({ a: [] });
    bus.registerHook("a", {
      name: "tools.call.before",
      run: () => ({ patch: { updateArgs: { args: { command: "ls" } } } }),
    });
    expect(await bus.emitToolCallBefore(before)).toEqual({});
    expect(bus.audit()[0]).toMatchObject({
      outcome: "patch-dropped",
      detail: expect.stringMatching(/needs the "tools" capability/),
    });
  });
});

describe("emitToolCallAfter: appendResult", () => {
  test("with a granted listener, every hook runs and the appends come back in registration order", async () => {
    const { bus } = testBus({ slow: ["tools"], quick: ["tools"] });
    bus.registerHook("slow", {
      name: "tools.call.after",
      run: async () => {
        await Promise.resolve();
        return { patch: { appendResult: { text: "from slow" } } };
      },
    });
    bus.registerHook("quick", {
      name: "tools.call.after",
      run: () => ({ patch: { appendResult: { text: "from quick" } } }),
    });
    expect(await bus.emitToolCallAfter(after)).toEqual([
      { pluginName: "slow", text: "from slow" },
      { pluginName: "quick", text: "from quick" },
    ]);
  });

  test("without a granted listener it answers none at once; the patch is dropped and audited as not granted", async () => {
    const { bus } = testBus({ a: ["prompt"] });
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    bus.registerHook("a", {
      name: "tools.call.after",
      run: async () => {
        await gate;
        return { patch: { appendResult: { text: "late" } } };
      },
    });
    expect(await bus.emitToolCallAfter(after)).toEqual([]);
    release();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(bus.audit()[0]).toMatchObject({
      hook: "tools.call.after",
      outcome: "patch-dropped",
      detail: expect.stringMatching(/needs the "tools" capability/),
    });
  });
});
