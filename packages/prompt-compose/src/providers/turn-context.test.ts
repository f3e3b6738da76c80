import { TURN_CONTEXT_ENTRY } from "@elowen/plugin-api/journal";
import type { TurnContextProvider } from "@elowen/plugin-api/prompt-context";
import { describe, expect, test } from "vitest";
import {
  renderTurnContext,
  TURN_CONTEXT_MAX_CHARS,
  type TurnContextRegistration,
} from "./turn-context.js";

const ARGS = { sessionId: "s-1", turnId: "t-1", userId: 4, text: "hello", surface: "cli" as const };
const clock = { now: () => 1_700_000_000_000 };
const provider = (
  provide: TurnContextProvider,
  over: Partial<TurnContextRegistration> = {},
): TurnContextRegistration => ({
  plugin: "acme",
  name: "clock",
  placement: "before-user",
  provider: provide,
  ...over,
});

describe("renderTurnContext", () => {
  test("keeps a provider's text as a record for a hidden elowen.turn-context entry", async () => {
    const outcome = await renderTurnContext([provider(() => "It is noon.")], ARGS, { clock });
    expect(outcome).toEqual({
      records: [
        {
          type: TURN_CONTEXT_ENTRY,
          v: 1,
          plugin: "acme",
          name: "clock",
          placement: "before-user",
          text: "It is noon.",
          turnId: "t-1",
          at: 1_700_000_000_000,
        },
      ],
      problems: [],
    });
  });

  test("tells each provider the turn, with the render's signal, not the turn's", async () => {
    const seen: unknown[] = [];
    const record: TurnContextProvider = (args) => {
      seen.push(args);
      return undefined;
    };
    const turn = new AbortController();
    await renderTurnContext([provider(record), provider(record, { name: "other" })], ARGS, {
      clock,
      signal: turn.signal,
    });
    expect(seen).toEqual([
      { ...ARGS, signal: expect.any(AbortSignal) },
      { ...ARGS, signal: expect.any(AbortSignal) },
    ]);
    const [first, second] = seen as { signal: AbortSignal }[];
    expect(first?.signal).toBe(second?.signal);
    expect(first?.signal).not.toBe(turn.signal);
    expect(first?.signal.aborted).toBe(false);
  });

  test("places text after the user's words when registered so, or when the answer says so", async () => {
    const outcome = await renderTurnContext(
      [
        provider(() => "a", { name: "a", placement: "after-user" }),
        provider(() => ({ text: "b", placement: "after-user" }), { name: "b" }),
        provider(() => ({ text: "c" }), { name: "c", placement: "after-user" }),
        provider(() => ({ text: "d", placement: "before-user" }), {
          name: "d",
          placement: "after-user",
        }),
      ],
      ARGS,
      { clock },
    );
    expect(outcome.records.map((r) => [r.name, r.placement])).toEqual([
      ["a", "after-user"],
      ["b", "after-user"],
      ["c", "after-user"],
      ["d", "before-user"],
    ]);
  });

  test.each([
    ["undefined", undefined],
    ["null", null],
    ["an empty string", ""],
    ["blank text", "  \n "],
    ["an empty text object", { text: "" }],
  ])("a provider answering %s adds no frame and no problem", async (_name, answer) => {
    const outcome = await renderTurnContext([provider(() => answer as never)], ARGS, { clock });
    expect(outcome).toEqual({ records: [], problems: [] });
  });

  test("keeps registration order whatever order the providers finish in", async () => {
    const slow = provider(() => new Promise((r) => setTimeout(() => r("slow"), 20)), {
      name: "slow",
    });
    const fast = provider(() => "fast", { name: "fast" });
    const outcome = await renderTurnContext([slow, fast], ARGS, { clock });
    expect(outcome.records.map((r) => r.text)).toEqual(["slow", "fast"]);
  });

  test.each([
    [
      "throws",
      () => {
        throw new Error("db down");
      },
      "provider-failed",
      "threw (db down)",
    ],
    ["rejects", () => Promise.reject(new Error("late db")), "provider-failed", "threw (late db)"],
    [
      "answers a number",
      () => 42,
      "invalid-provider-result",
      "answered the number 42: expected a string",
    ],
    ["answers an array", () => ["a"], "invalid-provider-result", "answered an array"],
    [
      "answers an unknown placement",
      () => ({ text: "x", placement: "system" }),
      "invalid-provider-result",
      "not one of before-user, after-user",
    ],
    [
      "answers an object whose text throws when read",
      () => ({
        get text(): string {
          throw new Error("gone");
        },
      }),
      "invalid-provider-result",
      "answered a value that throws when read (gone)",
    ],
    [
      "answers a non-string text",
      () => ({ text: 5 }),
      "invalid-provider-result",
      "answered an object",
    ],
  ])(
    "a provider that %s adds nothing and is reported, the others still count",
    async (_name, bad, code, says) => {
      const outcome = await renderTurnContext(
        [
          provider(bad as TurnContextProvider, { name: "bad" }),
          provider(() => "fine", { name: "good" }),
        ],
        ARGS,
        { clock },
      );
      expect(outcome.records.map((r) => r.name)).toEqual(["good"]);
      expect(outcome.problems).toEqual([
        expect.objectContaining({ code, plugin: "acme", id: "bad" }),
      ]);
      expect(outcome.problems[0]?.message).toContain(says);
    },
  );

  test("a provider past its budget adds nothing, is reported, and its signal aborts", async () => {
    let signal: AbortSignal | undefined;
    const hang = provider(
      (args) => {
        signal = args.signal;
        return new Promise<string>(() => {});
      },
      { name: "hang" },
    );
    const outcome = await renderTurnContext([hang], ARGS, { clock, budgetMs: 5 });
    expect(outcome.problems).toEqual([
      expect.objectContaining({ code: "provider-timeout", id: "hang" }),
    ]);
    expect(outcome.problems[0]?.message).toContain("did not answer within 5 ms");
    expect(signal?.aborted).toBe(true);
  });

  test("a turn cancelled while providers run adds nothing from those still running", async () => {
    const turn = new AbortController();
    let signal: AbortSignal | undefined;
    const pending = renderTurnContext(
      [
        provider(() => "on time", { name: "quick" }),
        provider(
          (args) => {
            signal = args.signal;
            return new Promise<string>(() => {});
          },
          { name: "slow" },
        ),
      ],
      ARGS,
      { clock, signal: turn.signal },
    );
    turn.abort();
    const outcome = await pending;
    expect(outcome.records.map((r) => r.text)).toEqual(["on time"]);
    expect(outcome.problems).toEqual([
      expect.objectContaining({
        code: "provider-timeout",
        id: "slow",
        message: expect.stringContaining("was aborted"),
      }),
    ]);
    expect(signal?.aborted).toBe(true);
  });

  test("a cancelled turn runs no provider", async () => {
    let called = false;
    const call: TurnContextProvider = () => {
      called = true;
      return undefined;
    };
    const outcome = await renderTurnContext([provider(call)], ARGS, {
      clock,
      signal: AbortSignal.abort(),
    });
    expect(called).toBe(false);
    expect(outcome.problems).toEqual([
      expect.objectContaining({
        code: "provider-timeout",
        message: expect.stringContaining("was aborted"),
      }),
    ]);
  });

  test(`accepts text of exactly ${TURN_CONTEXT_MAX_CHARS} characters and refuses one more`, async () => {
    const at = await renderTurnContext([provider(() => "x".repeat(TURN_CONTEXT_MAX_CHARS))], ARGS, {
      clock,
    });
    expect(at.records[0]?.text).toHaveLength(TURN_CONTEXT_MAX_CHARS);
    const past = await renderTurnContext(
      [provider(() => "x".repeat(TURN_CONTEXT_MAX_CHARS + 1))],
      ARGS,
      { clock },
    );
    expect(past.records).toEqual([]);
    expect(past.problems).toEqual([expect.objectContaining({ code: "oversized-provider-result" })]);
    expect(past.problems[0]?.message).toContain(
      `16001 characters, more than ${TURN_CONTEXT_MAX_CHARS}`,
    );
  });

  test("with no provider there is nothing to store", async () => {
    expect(await renderTurnContext([], ARGS, { clock })).toEqual({ records: [], problems: [] });
  });
});
