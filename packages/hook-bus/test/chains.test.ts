import { EventEmitter } from "node:events";
import type { PromptSubmitInput, PromptSubmitResult } from "@elowen/plugin-api/events";
import { describe, expect, test } from "vitest";
import { HookBusError } from "../src/index.js";
import { flush } from "./fake-time.js";
import { submitted, testBus } from "./helpers.js";

const echo = (e: PromptSubmitInput): PromptSubmitResult => ({
  text: e.text,
  ...(e.context ? { context: e.context } : {}),
});

describe("chain order and forms", () => {
  test("the first registered hook sees the event first and the engine's bottom sees it last", async () => {
    const { bus } = testBus();
    const seen: string[] = [];
    bus.on("a", "prompt.submit", (_$, e, next) => {
      seen.push(`a:${e.text}`);
      return next({ ...e, text: `${e.text}+a` });
    });
    bus.on("b", "prompt.submit", (_$, e, next) => {
      seen.push(`b:${e.text}`);
      return next({ ...e, text: `${e.text}+b` });
    });
    const answer = await bus.run("prompt.submit", submitted, (e) => {
      seen.push(`bottom:${e.text}`);
      return echo(e);
    });
    expect(seen).toEqual(["a:hello", "b:hello+a", "bottom:hello+a+b"]);
    expect(answer).toEqual({ text: "hello+a+b" });
  });

  test("a hook that answers without next consumes the event: nothing beneath runs", async () => {
    const { bus } = testBus();
    let beneath = 0;
    bus.on("a", "prompt.submit", () => ({ text: "mine" }));
    bus.on("b", "prompt.submit", (_$, e, next) => {
      beneath++;
      return next(e);
    });
    const answer = await bus.run("prompt.submit", submitted, (e) => {
      beneath++;
      return echo(e);
    });
    expect(answer).toEqual({ text: "mine" });
    expect(beneath).toBe(0);
  });

  test("a hook may rework the answer next gave it", async () => {
    const { bus } = testBus();
    bus.on("a", "prompt.section", async (_$, e, next) => {
      const answer = await next(e);
      return { text: `${answer.text ?? ""}!` };
    });
    expect(await bus.run("prompt.section", { name: "memory", text: "m" }, (e) => e)).toEqual({
      text: "m!",
    });
  });

  test("a drop before next refuses the prompt and the engine never sees it", async () => {
    const { bus } = testBus();
    let engine = 0;
    bus.on("gate", "prompt.submit", (_$, e, next) =>
      e.text.includes("secret") ? { drop: "no secrets" } : next(e),
    );
    const answer = await bus.run("prompt.submit", { ...submitted, text: "a secret" }, (e) => {
      engine++;
      return echo(e);
    });
    expect(answer).toEqual({ drop: "no secrets" });
    expect(engine).toBe(0);
  });

  test("a matcher narrows which events reach a hook", async () => {
    const { bus } = testBus();
    bus.on("tags", "prompt.autocomplete", { token: /^#/ }, async (_$, _e, next) => {
      const below = await next();
      return { suggestions: [{ text: "#todo" }, ...below.suggestions] };
    });
    const bottom = () => ({ suggestions: [] });
    const at = (token: string) => ({ text: token, cursor: token.length, token, start: 0 });
    expect(await bus.run("prompt.autocomplete", at("#t"), bottom)).toEqual({
      suggestions: [{ text: "#todo" }],
    });
    expect(await bus.run("prompt.autocomplete", at("@f"), bottom)).toEqual({ suggestions: [] });
  });

  test("with no hooks, run is a call of the bottom and has() is false", async () => {
    const { bus } = testBus();
    expect(bus.has("prompt.submit")).toBe(false);
    expect(await bus.run("prompt.submit", submitted, echo)).toEqual({ text: "hello" });
    await expect(
      bus.run("prompt.submit", submitted, () => {
        throw new Error("engine down");
      }),
    ).rejects.toThrow("engine down");
  });

  test("removing a hook takes it out of later raises", async () => {
    const { bus } = testBus();
    const off = bus.on("a", "prompt.submit", () => ({ text: "hooked" }));
    expect(bus.has("prompt.submit")).toBe(true);
    off();
    expect(bus.has("prompt.submit")).toBe(false);
    expect(await bus.run("prompt.submit", submitted, echo)).toEqual({ text: "hello" });
  });

  test("a raise keeps the hooks it started with, even when one registers meanwhile", async () => {
    const { bus } = testBus();
    bus.on("a", "prompt.submit", async (_$, e, next) => {
      bus.on("late", "prompt.submit", () => ({ text: "late" }));
      return next(e);
    });
    expect(await bus.run("prompt.submit", submitted, echo)).toEqual({ text: "hello" });
  });
});

describe("pinned and engine fields", () => {
  test("a pinned field left out is put back for the hooks beneath and the engine", async () => {
    const { bus } = testBus();
    // Untyped plugin code may leave pinned fields out; the bus puts them back.
    const partial = (e: PromptSubmitInput) =>
      ({ text: `${e.text}!`, wait: e.wait }) as PromptSubmitInput;
    bus.on("a", "prompt.submit", (_$, e, next) => next(partial(e)));
    let origin: unknown;
    await bus.run("prompt.submit", submitted, (e) => {
      origin = e.origin;
      return echo(e);
    });
    expect(origin).toEqual({ kind: "composer" });
  });

  test("a changed pinned field fails the hook, which is skipped with the event it received", async () => {
    const { bus } = testBus();
    let refusal: unknown;
    bus.on("forger", "prompt.submit", async (_$, e, next) => {
      try {
        return await next({ ...e, text: "forged", origin: { kind: "sdk" } });
      } catch (error) {
        refusal = error;
        return { text: "ignored" };
      }
    });
    bus.on("b", "prompt.submit", (_$, e, next) => next({ ...e, text: `${e.text}+b` }));
    const answer = await bus.run("prompt.submit", submitted, echo);
    expect(answer).toEqual({ text: "hello+b" });
    expect(refusal).toBeInstanceOf(HookBusError);
    expect(refusal).toMatchObject({ code: "chains.refused_rewrite", field: "origin" });
    expect(bus.audit()).toEqual([
      expect.objectContaining({
        plugin: "forger",
        hook: "prompt.submit",
        outcome: "error",
        detail: expect.stringMatching(/refused: prompt.submit: origin is pinned/),
      }),
    ]);
  });

  test("engine fields are restored silently: the engine reads its own attachments", async () => {
    const { bus } = testBus();
    const attachments = [{ type: "image", id: "img-1" }] as const;
    bus.on("a", "prompt.submit", (_$, e, next) =>
      next({ ...e, attachments: [{ type: "document", id: "swapped" }] }),
    );
    let seen: unknown;
    await bus.run("prompt.submit", { ...submitted, attachments }, (e) => {
      seen = e.attachments;
      return echo(e);
    });
    expect(seen).toBe(attachments);
    expect(bus.audit()).toEqual([]);
  });
});

describe("next, once", () => {
  test("a second call of next settles with the first call's result; the engine runs once", async () => {
    const { bus } = testBus();
    let engine = 0;
    bus.on("twice", "prompt.submit", async (_$, e, next) => {
      const first = await next({ ...e, text: "one" });
      const second = await next({ ...e, text: "two" });
      return second === first ? first : { text: "different" };
    });
    const answer = await bus.run("prompt.submit", submitted, (e) => {
      engine++;
      return echo(e);
    });
    expect(answer).toEqual({ text: "one" });
    expect(engine).toBe(1);
  });
});

describe("failing hooks fail open", () => {
  test("a hook that throws before next is skipped with the event it received", async () => {
    const { bus } = testBus();
    bus.on("thrower", "prompt.submit", () => {
      throw new Error("boom");
    });
    bus.on("b", "prompt.submit", (_$, e, next) => next({ ...e, text: `${e.text}+b` }));
    expect(await bus.run("prompt.submit", submitted, echo)).toEqual({ text: "hello+b" });
    expect(bus.audit()).toEqual([
      expect.objectContaining({ plugin: "thrower", outcome: "error", detail: "threw: boom" }),
    ]);
  });

  test("a hook that fails after next answered leaves that answer standing", async () => {
    const { bus } = testBus();
    let engine = 0;
    bus.on("late-thrower", "prompt.submit", async (_$, e, next) => {
      await next({ ...e, text: "rewritten" });
      throw new Error("after");
    });
    const answer = await bus.run("prompt.submit", submitted, (e) => {
      engine++;
      return echo(e);
    });
    expect(answer).toEqual({ text: "rewritten" });
    expect(engine).toBe(1);
  });

  test.each([
    ["nothing", undefined],
    ["a number", 7],
    ["a result of another event", { suggestions: [] }],
  ])("a hook that returns %s is skipped", async (_label, garbage) => {
    const { bus } = testBus();
    bus.on("garbage", "prompt.submit", () => garbage as never);
    expect(await bus.run("prompt.submit", submitted, echo)).toEqual({ text: "hello" });
    expect(bus.audit()[0]).toMatchObject({ plugin: "garbage", outcome: "error" });
  });

  test("garbage after next answered leaves the answer standing", async () => {
    const { bus } = testBus();
    bus.on("garbage", "prompt.submit", async (_$, e, next) => {
      await next({ ...e, text: "below" });
      return { nonsense: true } as never;
    });
    expect(await bus.run("prompt.submit", submitted, echo)).toEqual({ text: "below" });
  });

  test("a drop after next answered fails the hook; the prompt that entered stands", async () => {
    const { bus } = testBus();
    bus.on("regret", "prompt.submit", async (_$, e, next) => {
      await next(e);
      return { drop: "changed my mind" };
    });
    expect(await bus.run("prompt.submit", submitted, echo)).toEqual({ text: "hello" });
    expect(bus.audit()[0]?.detail).toMatch(/drop after next\(e\) answered fails the hook/);
  });

  test("context attached on the way down reaches the engine; context added after next is not attached and is logged", async () => {
    const { bus, lines } = testBus();
    bus.on("ctx", "prompt.submit", async (_$, e, next) => {
      const answer = await next({ ...e, context: [...(e.context ?? []), "early"] });
      if ("drop" in answer) return answer;
      return { ...answer, context: [...(answer.context ?? []), "late"] };
    });
    expect(await bus.run("prompt.submit", submitted, echo)).toEqual({
      text: "hello",
      context: ["early"],
    });
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: "warn",
        message: expect.stringMatching(/context entries changed after next\(e\) answered/),
        fields: expect.objectContaining({ plugin: "ctx" }),
      }),
    );
  });

  test("the engine's own error passes up through hooks that do not catch it", async () => {
    const { bus } = testBus();
    bus.on("a", "prompt.submit", async (_$, e, next) => next(e));
    bus.on("b", "prompt.submit", (_$, e, next) => next(e));
    await expect(
      bus.run("prompt.submit", submitted, async () => {
        throw new Error("provider down");
      }),
    ).rejects.toThrow("provider down");
    expect(bus.audit()).toEqual([]);
  });

  test("a hook may catch the engine's error and answer instead", async () => {
    const { bus } = testBus();
    bus.on("rescue", "prompt.submit", async (_$, e, next) => {
      try {
        return await next(e);
      } catch {
        return { drop: "the engine is down" };
      }
    });
    expect(
      await bus.run("prompt.submit", submitted, () => {
        throw new Error("down");
      }),
    ).toEqual({ drop: "the engine is down" });
  });
});

describe("chain budgets", () => {
  test("a hook that hangs before next is skipped at its budget, not a millisecond before", async () => {
    const { bus, time, lines } = testBus();
    let signal: AbortSignal | undefined;
    let release: (v: PromptSubmitResult) => void = () => {};
    bus.on("slow", "prompt.submit", ($) => {
      signal = $.signal;
      return new Promise<PromptSubmitResult>((resolve) => {
        release = resolve;
      });
    });
    const answer = bus.run("prompt.submit", submitted, echo);
    const state = { done: false };
    answer.then(() => {
      state.done = true;
    });
    await time.advance(1999);
    expect(state.done).toBe(false);
    expect(signal?.aborted).toBe(false);
    await time.advance(1);
    expect(state.done).toBe(true);
    expect(await answer).toEqual({ text: "hello" });
    expect(signal?.reason).toMatchObject({ name: "TimeoutError" });
    expect(bus.audit()[0]).toMatchObject({ plugin: "slow", outcome: "timeout", durationMs: 2000 });
    release({ text: "too late" });
    await flush();
    expect(lines).toContainEqual(
      expect.objectContaining({ message: expect.stringMatching(/arrived after it was skipped/) }),
    );
  });

  test("the budget pauses while next is pending: a slow engine does not time a hook out", async () => {
    const { bus, time } = testBus();
    bus.on("waits", "prompt.submit", async (_$, e, next) => {
      const answer = await next(e);
      return "text" in answer ? { ...answer, text: `${answer.text}!` } : answer;
    });
    const answer = bus.run("prompt.submit", submitted, async (e) => {
      await new Promise((resolve) => time.setTimeout(() => resolve(undefined), 10_000));
      return echo(e);
    });
    await time.advance(10_000);
    expect(await answer).toEqual({ text: "hello!" });
    expect(bus.audit()).toEqual([]);
  });

  test("own time before and after next adds up against one budget", async () => {
    const { bus, time } = testBus();
    const sleep = (ms: number) =>
      new Promise((resolve) => time.setTimeout(() => resolve(undefined), ms));
    bus.on("split", "prompt.submit", async (_$, e, next) => {
      await sleep(1500);
      const answer = await next({ ...e, text: "rewritten" });
      await sleep(1000);
      return { text: `${"text" in answer ? answer.text : ""}, reworked` };
    });
    const answer = bus.run("prompt.submit", submitted, echo);
    await time.advance(3000);
    expect(await answer).toEqual({ text: "rewritten" });
    expect(bus.audit()[0]).toMatchObject({ outcome: "timeout", durationMs: 2000 });
  });

  test("the chain budget is configurable per event", async () => {
    const { bus, time } = testBus({}, { chainBudgetMs: { "prompt.submit": 50 } });
    bus.on("slow", "prompt.submit", () => new Promise<PromptSubmitResult>(() => {}));
    const answer = bus.run("prompt.submit", submitted, echo);
    await time.advance(50);
    expect(await answer).toEqual({ text: "hello" });
  });

  test.each([0, -1, Number.NaN, "2s"])("refuses a chain budget of %s", (budget) => {
    expect(() => testBus({}, { chainBudgetMs: budget as number })).toThrow(/chainBudgetMs/);
  });
});

describe("the hook's $", () => {
  test("carries its plugin's name, the raiser's session and the host clock", async () => {
    const { bus, time } = testBus();
    let seen: unknown;
    bus.on("acme", "prompt.submit", ($, e, next) => {
      const { now } = $;
      seen = { plugin: $.pluginName, session: $.sessionId, user: $.userId, now: now() };
      return next(e);
    });
    await bus.run("prompt.submit", submitted, echo, { sessionId: "s-1", userId: 7 });
    expect(seen).toEqual({ plugin: "acme", session: "s-1", user: 7, now: time.now() });
  });

  test("shows a hook nothing but the ChainContext fields", async () => {
    const { bus } = testBus();
    let names: string[] = [];
    const visible = (value: object): string[] => {
      const own = Object.getOwnPropertyNames(value);
      const proto = Object.getPrototypeOf(value) as object | null;
      return proto === null || proto === Object.prototype ? own : [...own, ...visible(proto)];
    };
    bus.on("p", "prompt.submit", ($, e, next) => {
      names = visible($).filter((name) => name !== "constructor");
      return next(e);
    });
    await bus.run("prompt.submit", submitted, echo);
    expect(names.sort()).toEqual(["log", "now", "pluginName", "sessionId", "signal", "userId"]);
  });

  test("the raiser's abort reaches the hook's signal, and leaves no listener behind", async () => {
    const { bus } = testBus();
    const raiser = new AbortController();
    let aborted = false;
    bus.on("a", "prompt.submit", async ($, e, next) => {
      $.signal.addEventListener("abort", () => {
        aborted = true;
      });
      raiser.abort(new Error("user pressed stop"));
      return next(e);
    });
    await bus.run("prompt.submit", submitted, echo, { signal: raiser.signal });
    expect(aborted).toBe(true);
    expect(EventEmitter.getEventListeners(raiser.signal, "abort")).toHaveLength(0);
  });
});

describe("chain registration", () => {
  test("an unknown event is an error listing the events", () => {
    const { bus } = testBus();
    expect(() => bus.on("a", "prompt.sumbit" as "prompt.submit", () => ({ text: "" }))).toThrow(
      expect.objectContaining({
        code: "chains.unknown_event",
        message: expect.stringMatching(/not a chain event; the events are prompt.submit, /),
      }),
    );
  });

  test.each([
    ["a string", "hook"],
    ["an object", {}],
    ["nothing", undefined],
  ])("a hook that is %s is an error", (_label, hook) => {
    const { bus } = testBus();
    expect(() => bus.on("a", "prompt.submit", hook as never)).toThrow(
      expect.objectContaining({ code: "chains.not_a_function", field: "hook" }),
    );
    expect(() => bus.on("a", "prompt.submit", {}, hook as never)).toThrow(
      expect.objectContaining({ code: "chains.not_a_function" }),
    );
  });

  test("a matcher naming a field the event lacks is an error at registration", () => {
    const { bus } = testBus();
    expect(() =>
      bus.on("a", "prompt.mention", { file: /x/ } as never, (_$, e, next) => next(e)),
    ).toThrow(expect.objectContaining({ code: "chains.matcher_field", field: "matcher.file" }));
  });

  test("a plugin name is required", () => {
    const { bus } = testBus();
    expect(() => bus.on("", "prompt.submit", (_$, e, next) => next(e))).toThrow(
      expect.objectContaining({ code: "hooks.invalid_plugin_name" }),
    );
  });

  test("run refuses turn.step (a streaming chain) and an unknown event, without throwing", async () => {
    const { bus } = testBus();
    await expect(bus.run("turn.step" as "prompt.submit", submitted, echo)).rejects.toMatchObject({
      code: "chains.unknown_event",
    });
    await expect(bus.run("nope" as "prompt.submit", submitted, echo)).rejects.toBeInstanceOf(
      HookBusError,
    );
  });
});
