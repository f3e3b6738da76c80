import { describe, expect, test } from "vitest";
import { type DisplayTiming, formatTiming } from "./format-timing.js";

const NOW = Date.UTC(2025, 0, 1, 12, 0, 0);

describe("formatTiming", () => {
  test.each<[string, DisplayTiming, string]>([
    ["a settled record, from its duration", { durationMs: 4_200 }, "4.2s"],
    [
      "a settled record that still carries its start",
      { startedAt: NOW - 60_000, durationMs: 350 },
      "350ms",
    ],
    ["a settled record of zero milliseconds", { durationMs: 0 }, "0ms"],
    ["a running record, from the local clock", { startedAt: NOW - 65_000 }, "1m 05s"],
    ["a running record that started this instant", { startedAt: NOW }, "0ms"],
    ["a running record stamped by a clock ahead of ours", { startedAt: NOW + 5_000 }, "0ms"],
    ["a record without timing", {}, ""],
    ["a record with undefined fields", { startedAt: undefined, durationMs: undefined }, ""],
    ["a record with a non-finite start", { startedAt: Number.NaN }, ""],
    ["a record with a negative duration", { durationMs: -1 }, ""],
  ])("shows %s", (_label, timing, text) => {
    expect(formatTiming(timing, NOW)).toBe(text);
  });

  test("shows no duration for a running record when the clock reading is not finite", () => {
    expect(formatTiming({ startedAt: NOW }, Number.NaN)).toBe("");
  });
});
