import { createHook } from "node:async_hooks";
import { EventEmitter } from "node:events";
import type { ToolCallAfterPayload } from "@elowen/plugin-api/hooks";
import { describe, expect, test } from "vitest";
import { HookBus } from "../src/index.js";
import { submitted, testBus } from "./helpers.js";

const EMITS = 100_000;
const payload: ToolCallAfterPayload = {
  sessionId: "s1",
  toolCallId: "c1",
  toolName: "Read",
  args: {},
  isError: false,
  text: "",
  nested: false,
};

function activeTimeouts(): number {
  return process.getActiveResourcesInfo().filter((kind) => kind === "Timeout").length;
}

describe("no timer or listener leaks", () => {
  test("100,000 emits on hand-driven time: about one timer in all, none left once its time passes", async () => {
    const { bus, time } = testBus();
    for (let i = 0; i < 3; i++)
      bus.registerHook(`p${i}`, {
        name: "tools.call.after",
        run: async (_p, context) => {
          if (context.signal.aborted) throw new Error("unexpected");
        },
      });
    for (let i = 0; i < EMITS; i++) await bus.emit("tools.call.after", payload);
    expect(time.created).toBe(1);
    expect(time.refed).toBe(0);
    await time.advance(12_000);
    expect(time.pending).toBe(0);
  });

  test("100,000 emits on Node's timers leave no timer holding the process and create almost none", async () => {
    const bus = new HookBus();
    for (let i = 0; i < 3; i++)
      bus.registerHook(`p${i}`, { name: "tools.call.after", run: async () => {} });
    const baseline = activeTimeouts();
    let created = 0;
    const watch = createHook({
      init(_id, type) {
        if (type === "Timeout") created++;
      },
    }).enable();
    try {
      for (let i = 0; i < EMITS; i++) await bus.emit("tools.call.after", payload);
    } finally {
      watch.disable();
    }
    expect(activeTimeouts()).toBe(baseline);
    expect(created).toBeLessThan(10);
    bus.close();
  });

  test("100,000 chain raises whose hooks read $.signal leave no listener on the raiser's signal", async () => {
    const { bus, time } = testBus();
    bus.on("a", "prompt.submit", async ($, e, next) => {
      $.signal.addEventListener("abort", () => {});
      return next(e);
    });
    bus.on("b", "prompt.submit", ($, e, next) => {
      if ($.signal.aborted) throw new Error("unexpected");
      return next(e);
    });
    const raiser = new AbortController();
    for (let i = 0; i < EMITS; i++)
      await bus.run("prompt.submit", submitted, (e) => ({ text: e.text }), {
        signal: raiser.signal,
      });
    expect(EventEmitter.getEventListeners(raiser.signal, "abort")).toHaveLength(0);
    expect(time.refed).toBe(0);
  });
});
