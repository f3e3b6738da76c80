import { describe, expect, test } from "vitest";
import { boundedCall, boundedCalls } from "./bounded-call.js";

const never = () => new Promise<never>(() => {});

describe("boundedCall", () => {
  test("answers the value of sync and async calls", async () => {
    expect(await boundedCall(() => 1, 50)).toEqual({ ok: true, value: 1 });
    expect(await boundedCall(async () => 2, 50)).toEqual({ ok: true, value: 2 });
  });

  test("answers what a call threw or rejected with", async () => {
    const error = new Error("x");
    expect(
      await boundedCall(() => {
        throw error;
      }, 50),
    ).toEqual({ ok: false, reason: "threw", cause: error });
    expect(await boundedCall(() => Promise.reject(error), 50)).toEqual({
      ok: false,
      reason: "threw",
      cause: error,
    });
  });

  test("gives up after the budget and aborts the call's signal", async () => {
    let signal: AbortSignal | undefined;
    const outcome = await boundedCall((s) => {
      signal = s;
      return never();
    }, 5);
    expect(outcome).toEqual({ ok: false, reason: "timeout" });
    expect(signal?.aborted).toBe(true);
  });

  test("stops when the parent signal aborts, and does not start after it did", async () => {
    const parent = new AbortController();
    const pending = boundedCall(() => never(), 10_000, parent.signal);
    parent.abort();
    expect(await pending).toEqual({ ok: false, reason: "aborted" });
    let called = false;
    expect(await boundedCall(() => (called = true), 50, parent.signal)).toEqual({
      ok: false,
      reason: "aborted",
    });
    expect(called).toBe(false);
  });

  test("reads a thenable that is not a promise as the answer it resolves to", async () => {
    const thenable: PromiseLike<number> = {
      // biome-ignore lint/suspicious/noThenProperty: a thenable that is not a promise is the case here.
      then: (resolve) => Promise.resolve(resolve?.(3)) as never,
    };
    expect(await boundedCall(() => thenable, 50)).toEqual({ ok: true, value: 3 });
  });
});

describe("boundedCalls", () => {
  test("answers every outcome in the order of the calls, whatever order they settle in", async () => {
    const error = new Error("x");
    const outcomes = await boundedCalls<number>(
      [
        () => new Promise((resolve) => setTimeout(() => resolve(1), 2)),
        () => 2,
        () => {
          throw error;
        },
        async () => 4,
        () => Promise.reject(error),
      ],
      1_000,
    );
    expect(outcomes).toEqual([
      { ok: true, value: 1 },
      { ok: true, value: 2 },
      { ok: false, reason: "threw", cause: error },
      { ok: true, value: 4 },
      { ok: false, reason: "threw", cause: error },
    ]);
  });

  test("gives every call the same signal, left unaborted when all answer in time", async () => {
    const signals: AbortSignal[] = [];
    const outcomes = await boundedCalls(
      [0, 1, 2].map((n) => (signal: AbortSignal) => {
        signals.push(signal);
        return n === 1 ? Promise.resolve(n) : n;
      }),
      50,
    );
    expect(outcomes.every((o) => o.ok)).toBe(true);
    expect(new Set(signals).size).toBe(1);
    expect(signals[0]?.aborted).toBe(false);
  });

  test("at the deadline only the calls still running time out, and the signal aborts", async () => {
    let signal: AbortSignal | undefined;
    const outcomes = await boundedCalls<string>(
      [
        (s) => {
          signal = s;
          return "sync";
        },
        () => Promise.resolve("async"),
        () => never(),
        () => never(),
      ],
      5,
    );
    expect(outcomes).toEqual([
      { ok: true, value: "sync" },
      { ok: true, value: "async" },
      { ok: false, reason: "timeout" },
      { ok: false, reason: "timeout" },
    ]);
    expect(signal?.aborted).toBe(true);
    expect(signal?.reason).toEqual(new Error("budget of 5 ms spent"));
  });

  test("ignores an answer that arrives after the deadline", async () => {
    let answer: (value: string) => void = () => {};
    const outcomes = await boundedCalls<string>(
      [() => new Promise<string>((resolve) => (answer = resolve))],
      5,
    );
    answer("late");
    await Promise.resolve();
    expect(outcomes).toEqual([{ ok: false, reason: "timeout" }]);
  });

  test("starts the deadline after the last call, so a slow synchronous call spends no one's budget", async () => {
    const outcomes = await boundedCalls<string>(
      [
        () => new Promise((resolve) => setTimeout(() => resolve("waited"), 25)),
        () => {
          const until = Date.now() + 30;
          while (Date.now() < until) {
            // A provider that computes for longer than the budget before answering.
          }
          return "computed";
        },
      ],
      20,
    );
    expect(outcomes).toEqual([
      { ok: true, value: "waited" },
      { ok: true, value: "computed" },
    ]);
  });

  test("a parent aborting while calls run marks those still running aborted", async () => {
    const parent = new AbortController();
    let signal: AbortSignal | undefined;
    const pending = boundedCalls<string>(
      [
        () => "done",
        (s) => {
          signal = s;
          return never();
        },
      ],
      10_000,
      parent.signal,
    );
    parent.abort();
    expect(await pending).toEqual([
      { ok: true, value: "done" },
      { ok: false, reason: "aborted" },
    ]);
    expect(signal?.aborted).toBe(true);
  });

  test("a call that aborts the parent itself leaves those still running aborted", async () => {
    const parent = new AbortController();
    const outcomes = await boundedCalls<string>(
      [
        () => never(),
        () => {
          parent.abort();
          return "aborted it";
        },
      ],
      10_000,
      parent.signal,
    );
    expect(outcomes).toEqual([
      { ok: false, reason: "aborted" },
      { ok: true, value: "aborted it" },
    ]);
  });

  test("calls nothing when the parent already aborted", async () => {
    let called = false;
    const outcomes = await boundedCalls(
      [() => (called = true), () => (called = true)],
      50,
      AbortSignal.abort(),
    );
    expect(outcomes).toEqual([
      { ok: false, reason: "aborted" },
      { ok: false, reason: "aborted" },
    ]);
    expect(called).toBe(false);
  });

  test("answers no outcomes for no calls", async () => {
    expect(await boundedCalls([], 5)).toEqual([]);
  });
});
