import type { PromptSubmitResult } from "@elowen/plugin-api/events";
import { describe, expect, test } from "vitest";
import { submitted, testBus } from "./helpers.js";

const BUDGET = 100;

describe("a hook that blocks the event loop past its budget", () => {
  test("a chain hook's synchronous run past the budget quarantines its plugin, audited and named", async () => {
    const { bus, time, lines } = testBus({}, { chainBudgetMs: BUDGET });
    const calls: string[] = [];
    bus.on("hog", "prompt.submit", (_$, e, next) => {
      calls.push("hog");
      time.jump(BUDGET * 30); // the clock moves while the hook holds the loop
      return next(e);
    });
    bus.on("good", "prompt.submit", (_$, e, next) => {
      calls.push("good");
      return next(e);
    });
    const bottom = (e: { text: string }): PromptSubmitResult => ({ text: e.text });
    await bus.run("prompt.submit", { ...submitted }, bottom);
    expect(bus.quarantined()).toEqual([
      expect.objectContaining({
        pluginName: "hog",
        hook: "prompt.submit",
        blockedMs: 3000,
        budgetMs: BUDGET,
      }),
    ]);
    expect(bus.audit()).toEqual([
      expect.objectContaining({
        plugin: "hog",
        outcome: "error",
        detail: expect.stringContaining("quarantined"),
      }),
    ]);
    expect(lines.some((line) => line.level === "error" && line.fields?.plugin === "hog")).toBe(
      true,
    );

    calls.length = 0;
    await bus.run("prompt.submit", { ...submitted }, bottom);
    expect(calls).toEqual(["good"]);
  });

  test("quarantine stops every hook of the plugin, lifecycle ones too, until it is released", async () => {
    const { bus, time } = testBus({}, { chainBudgetMs: BUDGET });
    const calls: string[] = [];
    bus.registerHook("hog", {
      name: "tools.call.after",
      run: () => {
        calls.push("after");
        time.jump(13_000); // past tools.call.after's 12 s budget
      },
    });
    bus.on("hog", "prompt.submit", (_$, e, next) => {
      calls.push("submit");
      return next(e);
    });
    const payload = {
      sessionId: "s",
      toolCallId: "c",
      toolName: "T",
      args: {},
      nested: false,
      isError: false,
      text: "",
    };
    await bus.emit("tools.call.after", payload);
    expect(bus.quarantined().map((q) => q.pluginName)).toEqual(["hog"]);
    await bus.emit("tools.call.after", payload);
    await bus.run("prompt.submit", { ...submitted }, (e) => ({ text: e.text }));
    expect(calls).toEqual(["after"]);

    expect(bus.release("hog")).toBe(true);
    expect(bus.release("hog")).toBe(false);
    await bus.run("prompt.submit", { ...submitted }, (e) => ({ text: e.text }));
    expect(calls).toEqual(["after", "submit"]);
  });

  test("work within the budget never quarantines", async () => {
    const { bus, time } = testBus({}, { chainBudgetMs: BUDGET });
    bus.on("busy", "prompt.submit", (_$, e, next) => {
      time.jump(BUDGET);
      return next(e);
    });
    await bus.run("prompt.submit", { ...submitted }, (e) => ({ text: e.text }));
    expect(bus.quarantined()).toEqual([]);
  });
});
