import { describe, expect, test } from "vitest";
import { parseRateLimits, RateLimitTracker } from "../src/brain/model/rate-limits.js";

const NOW = Date.parse("2026-11-30T03:00:00Z");

describe("reading rate-limit windows from a provider's response headers", () => {
  test("Anthropic's request and token windows: used share of the limit and the RFC 3339 reset", () => {
    expect(
      parseRateLimits(
        {
          "anthropic-ratelimit-requests-limit": "50",
          "anthropic-ratelimit-requests-remaining": "49",
          "anthropic-ratelimit-requests-reset": "2026-11-30T03:00:30Z",
          "anthropic-ratelimit-input-tokens-limit": "40000",
          "anthropic-ratelimit-input-tokens-remaining": "30000",
          "anthropic-ratelimit-input-tokens-reset": "2026-11-30T03:01:00Z",
          "content-type": "text/event-stream",
        },
        NOW,
      ),
    ).toEqual([
      { name: "requests", usedPercent: 2, resetsAt: NOW + 30_000 },
      { name: "input-tokens", usedPercent: 25, resetsAt: NOW + 60_000 },
    ]);
  });

  test("an Anthropic subscription's unified windows: utilization as a fraction, reset in epoch seconds", () => {
    expect(
      parseRateLimits(
        {
          "anthropic-ratelimit-unified-5h-utilization": "0.375",
          "anthropic-ratelimit-unified-5h-reset": String(NOW / 1000 + 3600),
          "anthropic-ratelimit-unified-7d-utilization": "1.4",
        },
        NOW,
      ),
    ).toEqual([
      { name: "5h", usedPercent: 37.5, resetsAt: NOW + 3_600_000 },
      { name: "7d", usedPercent: 100, resetsAt: null },
    ]);
  });

  test("OpenAI's windows: header names in any case, resets as durations from now", () => {
    expect(
      parseRateLimits(
        {
          "X-RateLimit-Limit-Requests": "60",
          "x-ratelimit-remaining-requests": "59",
          "x-ratelimit-reset-requests": "1s",
          "x-ratelimit-limit-tokens": "150000",
          "x-ratelimit-remaining-tokens": "149984",
          "x-ratelimit-reset-tokens": "6m0.5s",
        },
        NOW,
      ),
    ).toEqual([
      { name: "requests", usedPercent: 1.7, resetsAt: NOW + 1000 },
      { name: "tokens", usedPercent: 0, resetsAt: NOW + 360_500 },
    ]);
  });

  test("Codex's primary and secondary windows: used percent, reset after seconds or at an instant", () => {
    expect(
      parseRateLimits(
        {
          "x-codex-primary-used-percent": "12.5",
          "x-codex-primary-reset-after-seconds": "90",
          "x-codex-secondary-used-percent": "80",
          "x-codex-secondary-reset-at": String(NOW / 1000 + 86_400),
        },
        NOW,
      ),
    ).toEqual([
      { name: "primary", usedPercent: 12.5, resetsAt: NOW + 90_000 },
      { name: "secondary", usedPercent: 80, resetsAt: NOW + 86_400_000 },
    ]);
  });

  test("malformed or missing numbers keep the window with null fields instead of inventing values", () => {
    expect(
      parseRateLimits(
        {
          "x-ratelimit-limit-requests": "sixty",
          "x-ratelimit-remaining-requests": "59",
          "x-ratelimit-reset-requests": "soon",
          "x-ratelimit-limit-tokens": "0",
          "x-ratelimit-remaining-tokens": "0",
        },
        NOW,
      ),
    ).toEqual([
      { name: "requests", usedPercent: null, resetsAt: null },
      { name: "tokens", usedPercent: null, resetsAt: null },
    ]);
  });

  test("headers without rate limits report no windows", () => {
    expect(
      parseRateLimits({ "content-type": "application/json", "x-request-id": "r1" }, NOW),
    ).toEqual([]);
  });

  test("the tracker keeps the last reported windows when a later response reports none", () => {
    const tracker = new RateLimitTracker(() => NOW);
    expect(tracker.current()).toBeNull();
    tracker.observe({ "x-codex-primary-used-percent": "10" });
    tracker.observe({ "content-type": "text/event-stream" });
    expect(tracker.current()).toEqual([{ name: "primary", usedPercent: 10, resetsAt: null }]);
    tracker.observe({ "x-codex-primary-used-percent": "11" });
    expect(tracker.current()).toEqual([{ name: "primary", usedPercent: 11, resetsAt: null }]);
  });
});
