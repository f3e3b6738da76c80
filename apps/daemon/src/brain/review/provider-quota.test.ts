import {
  SKILL_REVIEW_QUOTA_BLOCK_PERCENT,
  SKILL_REVIEW_QUOTA_WINDOW_MINUTES,
} from "@elowen/plugin-api/limits";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { ProviderQuotaStore, quotaSkipReason } from "./provider-quota.js";
import type { QuotaWindow } from "./quota-headers.js";
import { quotaEvidenceFromHeaders } from "./quota-headers.js";

const NOW = 1_800_000_000_000;
const STALE = 15 * 60_000;
const HOUR = 3_600_000;
const weekly = (overrides: Partial<QuotaWindow> = {}): QuotaWindow => ({
  windowMinutes: SKILL_REVIEW_QUOTA_WINDOW_MINUTES,
  usedPercent: 10,
  resetsAt: NOW + HOUR,
  ...overrides,
});
const reason = (windows: QuotaWindow[], observedAt = NOW) =>
  quotaSkipReason({ observedAt, windows }, NOW, STALE);

describe("the weekly quota rule", () => {
  test("the weekly window is exactly 10,080 minutes and 90% blocks", () => {
    expect(SKILL_REVIEW_QUOTA_WINDOW_MINUTES).toBe(10_080);
    expect(SKILL_REVIEW_QUOTA_BLOCK_PERCENT).toBe(90);
  });

  test.each([
    [89.99, undefined],
    [90, "quota"],
    [100, "quota"],
    [0, undefined],
  ])("fresh usage of %s%% answers %s", (usedPercent, expected) => {
    expect(reason([weekly({ usedPercent })])).toBe(expected);
  });

  test("no evidence at all is unknown-quota", () => {
    expect(quotaSkipReason(undefined, NOW, STALE)).toBe("unknown-quota");
  });

  test.each([
    ["a window of 10,079 minutes", weekly({ windowMinutes: 10_079 })],
    ["a window of 10,081 minutes", weekly({ windowMinutes: 10_081 })],
    ["only a weekly window with a kind", weekly({ kind: "opus" })],
  ])("%s is not the weekly window: unknown-quota", (_label, window) => {
    expect(reason([window])).toBe("unknown-quota");
  });

  test("a kind's own weekly window is ignored beside the weekly window", () => {
    expect(reason([weekly({ kind: "opus", usedPercent: 99 }), weekly({ usedPercent: 5 })])).toBe(
      undefined,
    );
  });

  test.each([
    ["usage NaN", weekly({ usedPercent: Number.NaN })],
    ["usage Infinity", weekly({ usedPercent: Number.POSITIVE_INFINITY })],
    ["a reset time NaN", weekly({ resetsAt: Number.NaN })],
  ])("non-finite evidence (%s) is unknown-quota", (_label, window) => {
    expect(reason([window])).toBe("unknown-quota");
  });

  test("evidence dated one millisecond in the future is unknown-quota; dated now it counts", () => {
    expect(reason([weekly()], NOW + 1)).toBe("unknown-quota");
    expect(reason([weekly()], NOW)).toBe(undefined);
  });

  test("expired evidence (its reset now or past) is unknown-quota, even when it read high", () => {
    expect(reason([weekly({ resetsAt: NOW, usedPercent: 95 })])).toBe("unknown-quota");
    expect(reason([weekly({ resetsAt: NOW + 1, usedPercent: 95 })])).toBe("quota");
  });

  test("a reset claimed more than one window after the reading is unknown-quota", () => {
    const window = SKILL_REVIEW_QUOTA_WINDOW_MINUTES * 60_000;
    expect(reason([weekly({ resetsAt: NOW + window })])).toBe(undefined);
    expect(reason([weekly({ resetsAt: NOW + window + 1 })])).toBe("unknown-quota");
  });

  test("evidence exactly the stale age is fresh; one millisecond older is stale", () => {
    expect(reason([weekly()], NOW - STALE)).toBe(undefined);
    expect(reason([weekly()], NOW - STALE - 1)).toBe("unknown-quota");
  });

  test("a stale high reading keeps blocking while its reset is ahead, and is unknown once it passed", () => {
    const old = NOW - 3 * HOUR;
    expect(reason([weekly({ usedPercent: 90 })], old)).toBe("quota");
    expect(reason([weekly({ usedPercent: 89 })], old)).toBe("unknown-quota");
    expect(reason([weekly({ usedPercent: 99, resetsAt: NOW - 1 })], old)).toBe("unknown-quota");
  });
});

describe("quota evidence from response headers", () => {
  test("reads Anthropic's unified windows: utilization as a fraction, reset in epoch seconds, kinds apart", () => {
    const evidence = quotaEvidenceFromHeaders(
      {
        "Anthropic-Ratelimit-Unified-7d-Utilization": "0.93",
        "anthropic-ratelimit-unified-7d-reset": String((NOW + HOUR) / 1000),
        "anthropic-ratelimit-unified-5h-utilization": "0.1",
        "anthropic-ratelimit-unified-7d_opus-utilization": "0.2",
        "content-type": "text/event-stream",
      },
      NOW,
    );
    expect(evidence?.observedAt).toBe(NOW);
    expect(evidence?.windows).toEqual([
      { windowMinutes: 10_080, usedPercent: 93, resetsAt: NOW + HOUR },
      { windowMinutes: 300, usedPercent: 10, resetsAt: Number.NaN },
      { kind: "opus", windowMinutes: 10_080, usedPercent: 20, resetsAt: Number.NaN },
    ]);
    expect(quotaSkipReason(evidence, NOW, STALE)).toBe("quota");
  });

  test("reads Codex's primary and secondary windows, a reset given after seconds or at a time", () => {
    const evidence = quotaEvidenceFromHeaders(
      {
        "x-codex-primary-used-percent": "40",
        "x-codex-primary-window-minutes": "300",
        "x-codex-primary-reset-after-seconds": "60",
        "x-codex-secondary-used-percent": "12.5",
        "x-codex-secondary-window-minutes": "10080",
        "x-codex-secondary-reset-at": String((NOW + HOUR) / 1000),
      },
      NOW,
    );
    expect(evidence?.windows).toEqual([
      { windowMinutes: 300, usedPercent: 40, resetsAt: NOW + 60_000 },
      { windowMinutes: 10_080, usedPercent: 12.5, resetsAt: NOW + HOUR },
    ]);
    expect(quotaSkipReason(evidence, NOW, STALE)).toBe(undefined);
  });

  test("a response without quota headers is no evidence, and a garbled number is not finite", () => {
    expect(quotaEvidenceFromHeaders({ "content-type": "text/event-stream" }, NOW)).toBe(undefined);
    const garbled = quotaEvidenceFromHeaders(
      { "x-codex-secondary-used-percent": "lots", "x-codex-secondary-window-minutes": "10080" },
      NOW,
    );
    expect(quotaSkipReason(garbled, NOW, STALE)).toBe("unknown-quota");
  });

  test("any header map at all is read without throwing, into one of the three answers", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.string()), fc.integer(), (headers, offset) => {
        const evidence = quotaEvidenceFromHeaders(headers, NOW + offset);
        expect([undefined, "quota", "unknown-quota"]).toContain(
          quotaSkipReason(evidence, NOW, STALE),
        );
      }),
    );
  });
});

describe("ProviderQuotaStore", () => {
  test("keeps the latest evidence per connection generation; a new generation starts with none", () => {
    const store = new ProviderQuotaStore();
    const pin = { providerId: "codex", connectionId: "model", generation: 1 };
    store.observe(pin, { "x-codex-secondary-used-percent": "95" }, NOW);
    store.observe(pin, { "content-type": "text/plain" }, NOW + 1);
    expect(store.current(pin)?.observedAt).toBe(NOW);
    expect(store.current({ ...pin, generation: 2 })).toBe(undefined);
    expect(store.current({ ...pin, connectionId: "other" })).toBe(undefined);
  });
});
