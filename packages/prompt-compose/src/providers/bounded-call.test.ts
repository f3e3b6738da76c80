import { describe, expect, test } from "vitest";
import { boundedCall } from "./bounded-call.js";

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
      return new Promise(() => {});
    }, 5);
    expect(outcome).toEqual({ ok: false, reason: "timeout" });
    expect(signal?.aborted).toBe(true);
  });

  test("stops when the parent signal aborts, and does not start after it did", async () => {
    const parent = new AbortController();
    const pending = boundedCall(() => new Promise(() => {}), 10_000, parent.signal);
    parent.abort();
    expect(await pending).toEqual({ ok: false, reason: "aborted" });
    let called = false;
    expect(await boundedCall(() => (called = true), 50, parent.signal)).toEqual({
      ok: false,
      reason: "aborted",
    });
    expect(called).toBe(false);
  });
});
