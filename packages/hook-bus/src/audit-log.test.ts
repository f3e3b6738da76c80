import { describe, expect, test } from "vitest";
import { AuditLog } from "./audit-log.js";

describe("AuditLog", () => {
  test("keeps every row while it has room, oldest first", () => {
    const log = new AuditLog(3);
    log.record(1, "a", "tools.call.before", 5, "ok");
    log.record(2, "b", "tools.call.after", 6, "timeout", "ran past its budget");
    log.record(3, "c", "prompt.submit", 7, "error", "threw: boom", { k: 1 });
    expect(log.read()).toEqual([
      { at: 1, plugin: "a", hook: "tools.call.before", durationMs: 5, outcome: "ok" },
      {
        at: 2,
        plugin: "b",
        hook: "tools.call.after",
        durationMs: 6,
        outcome: "timeout",
        detail: "ran past its budget",
      },
      {
        at: 3,
        plugin: "c",
        hook: "prompt.submit",
        durationMs: 7,
        outcome: "error",
        detail: "threw: boom",
        annotations: { k: 1 },
      },
    ]);
  });

  test("at capacity plus one, the oldest row is the one overwritten", () => {
    const log = new AuditLog(3);
    for (let i = 1; i <= 4; i++) log.record(i, `p${i}`, "tools.call.after", i, "ok");
    expect(log.read().map((row) => row.plugin)).toEqual(["p2", "p3", "p4"]);
  });

  test("a negative duration (a clock stepped back) records as zero", () => {
    const log = new AuditLog(1);
    log.record(1, "a", "tools.call.after", -4, "ok");
    expect(log.read()[0]?.durationMs).toBe(0);
  });

  test.each([0, -1, 1.5, Number.NaN])("refuses a capacity of %s", (capacity) => {
    expect(() => new AuditLog(capacity)).toThrow(/auditCapacity must be a positive integer/);
  });
});
