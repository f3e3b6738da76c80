import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { formatDuration } from "./format-duration.js";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe("formatDuration", () => {
  test.each([
    [0, "0ms"],
    [1, "1ms"],
    [350, "350ms"],
    [999, "999ms"],
    [999.9, "999ms"],
    [SECOND, "1.0s"],
    [SECOND + 1, "1.0s"],
    [4_200, "4.2s"],
    [4_299, "4.2s"],
    [MINUTE - 1, "59.9s"],
    [MINUTE, "1m 00s"],
    [MINUTE + 1, "1m 00s"],
    [MINUTE + 5 * SECOND, "1m 05s"],
    [HOUR - 1, "59m 59s"],
    [HOUR, "1h 00m"],
    [HOUR + 1, "1h 00m"],
    [2 * HOUR + 3 * MINUTE, "2h 03m"],
    [DAY - 1, "23h 59m"],
    [DAY, "1d 0h"],
    [DAY + 1, "1d 0h"],
    [3 * DAY + 4 * HOUR, "3d 4h"],
    [400 * DAY, "400d 0h"],
  ])("formats %d ms as %j", (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });

  test.each([
    ["undefined (a record without timing)", undefined],
    ["null", null],
    ["NaN", Number.NaN],
    ["Infinity", Number.POSITIVE_INFINITY],
    ["-Infinity", Number.NEGATIVE_INFINITY],
    ["a negative number", -1],
    ["a negative fraction", -0.5],
  ])("shows no duration for %s", (_label, ms) => {
    expect(formatDuration(ms)).toBe("");
  });

  test("never shows more time than has passed, and is short by less than its last unit", () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 40 * DAY, noNaN: true }), (ms) => {
        const { shown, unit } = readBack(formatDuration(ms));
        expect(shown).toBeLessThanOrEqual(ms);
        expect(ms - shown).toBeLessThan(unit);
      }),
    );
  });

  test("never decreases as time passes", () => {
    fc.assert(
      fc.property(fc.nat(40 * DAY), fc.nat(40 * DAY), (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(readBack(formatDuration(low)).shown).toBeLessThanOrEqual(
          readBack(formatDuration(high)).shown,
        );
      }),
    );
  });
});

/** Parses formatDuration's output back into the milliseconds it shows and its last unit. */
function readBack(text: string): { shown: number; unit: number } {
  const patterns: [RegExp, number, number, number][] = [
    [/^(\d+)ms$/, 1, 0, 1],
    [/^(\d+)\.(\d)s$/, SECOND, 100, 100],
    [/^(\d+)m (\d\d)s$/, MINUTE, SECOND, SECOND],
    [/^(\d+)h (\d\d)m$/, HOUR, MINUTE, MINUTE],
    [/^(\d+)d (\d{1,2})h$/, DAY, HOUR, HOUR],
  ];
  for (const [pattern, major, minor, unit] of patterns) {
    const match = pattern.exec(text);
    if (match) {
      return { shown: Number(match[1]) * major + Number(match[2] ?? 0) * minor, unit };
    }
  }
  throw new Error(`formatDuration produced an unexpected shape: ${JSON.stringify(text)}`);
}
