import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { ReconnectDelay, SERVER_DELAY_CAP_MS } from "./reconnect-delay.js";

describe("ReconnectDelay", () => {
  test("every wait is the delay plus jitter of at most half of it, and at most half of maxDelayMs", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.integer({ min: 1, max: 60_000 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (retry, maxDelayMs, random) => {
          const delay = new ReconnectDelay({ maxDelayMs, random: () => random });
          delay.serverRetry(retry);
          const base = Math.min(retry, SERVER_DELAY_CAP_MS);
          const wait = delay.nextWait();
          expect(wait).toBeGreaterThanOrEqual(base);
          expect(wait).toBeLessThanOrEqual(base + Math.min(base, maxDelayMs) / 2);
        },
      ),
    );
  });

  test("a retry of 0 reconnects at once, then backs off instead of spinning", () => {
    const delay = new ReconnectDelay({ maxDelayMs: 10, random: () => 0 });
    delay.serverRetry(0);
    expect([1, 2, 3, 4, 5, 6].map(() => delay.nextWait())).toEqual([0, 1, 2, 4, 8, 10]);
  });

  test.each([Number.NaN, -1, 2])("randomness of %d is clamped into [0, 1]", (random) => {
    const delay = new ReconnectDelay({ initialDelayMs: 1000, random: () => random });
    expect(delay.nextWait()).toBe(random === 2 ? 1500 : 1000);
  });
});
