import { describe, expect, test } from "vitest";
import { DEFAULT_CODE_MODE_OPTIONS, parseCodeModeOptions } from "./options.js";

const KiB = 1024;
const MiB = 1024 * KiB;

describe("parseCodeModeOptions", () => {
  test("applies every default to an empty object", () => {
    expect(parseCodeModeOptions({})).toEqual(DEFAULT_CODE_MODE_OPTIONS);
    expect(parseCodeModeOptions()).toEqual(DEFAULT_CODE_MODE_OPTIONS);
  });

  test("keeps what the host sets and defaults the rest", () => {
    expect(parseCodeModeOptions({ yieldAfterMs: 250, hideDirectTools: false })).toEqual({
      ...DEFAULT_CODE_MODE_OPTIONS,
      yieldAfterMs: 250,
      hideDirectTools: false,
    });
  });

  test.each([
    ["yieldAfterMs", 1, 600_000],
    ["cellTimeoutMs", 10, 3_600_000],
    ["busyLimitMs", 10, 600_000],
    ["memoryLimitBytes", 4 * MiB, 1024 * MiB],
    ["stackLimitBytes", 64 * KiB, 1 * MiB],
    ["maxCallsPerCell", 1, 10_000],
    ["maxConcurrentCalls", 1, 256],
    ["maxWorkers", 1, 64],
    ["warmWorkers", 0, 64],
    ["maxConsoleChars", 100, 1_000_000],
    ["maxResultChars", 100, 1_000_000],
    ["maxImagesPerReport", 0, 32],
  ] as const)("accepts %s from %d to %d and refuses one past either end", (field, min, max) => {
    const base = field === "busyLimitMs" ? { cellTimeoutMs: 3_600_000 } : {};
    expect(parseCodeModeOptions({ ...base, [field]: min })[field]).toBe(min);
    expect(parseCodeModeOptions({ ...base, [field]: max })[field]).toBe(max);
    expect(() => parseCodeModeOptions({ ...base, [field]: min - 1 })).toThrow(
      `${field} must be at least ${min}`,
    );
    expect(() => parseCodeModeOptions({ ...base, [field]: max + 1 })).toThrow(
      `${field} must be at most ${max}`,
    );
  });

  test("refuses a fraction, naming the field and what arrived", () => {
    expect(() => parseCodeModeOptions({ yieldAfterMs: 1.5 })).toThrow(
      "invalid code-mode options: yieldAfterMs must be a whole number of milliseconds (got 1.5)",
    );
  });

  test("refuses a value of the wrong type", () => {
    expect(() => parseCodeModeOptions({ hideDirectTools: "yes" })).toThrow(
      'hideDirectTools must be true or false (got "yes")',
    );
  });

  test("refuses an unknown option by name", () => {
    expect(() => parseCodeModeOptions({ yieldMs: 5 })).toThrow('unknown option "yieldMs"');
  });

  test("shortens the default busy limit to a shorter cell timeout", () => {
    expect(parseCodeModeOptions({ cellTimeoutMs: 300 }).busyLimitMs).toBe(300);
  });

  test("refuses a busy limit longer than the cell timeout", () => {
    expect(() => parseCodeModeOptions({ busyLimitMs: 2000, cellTimeoutMs: 1000 })).toThrow(
      "busyLimitMs (2000) must not exceed cellTimeoutMs (1000)",
    );
  });
});
