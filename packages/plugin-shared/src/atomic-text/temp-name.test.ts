import { basename } from "node:path";
import { describe, expect, test } from "vitest";
import { ATOMIC_TEMP_PATTERN, atomicTempPath, parseAtomicTempName } from "./temp-name.js";

describe("temporary file names", () => {
  test("a temporary sits beside its target and names it and this process", () => {
    const path = atomicTempPath("/srv/data/state.json");
    expect(path.startsWith("/srv/data/.state.json.")).toBe(true);
    expect(parseAtomicTempName(basename(path))).toEqual({
      target: "state.json",
      pid: process.pid,
    });
  });

  test("two temporaries for one target differ", () => {
    expect(atomicTempPath("/d/a")).not.toBe(atomicTempPath("/d/a"));
  });

  test("reads a target name that itself holds dots and digits", () => {
    expect(parseAtomicTempName(".v1.2.json.77.0123456789ab.elowen-tmp")).toEqual({
      target: "v1.2.json",
      pid: 77,
    });
  });

  test.each([
    ["a user's own .tmp file", ".state.json.123.0123456789ab.tmp"],
    ["a file without the leading dot", "state.json.123.0123456789ab.elowen-tmp"],
    ["a random part that is too short", ".state.json.123.0123456789a.elowen-tmp"],
    ["upper-case hex", ".state.json.123.0123456789AB.elowen-tmp"],
    ["a pid of 0", ".state.json.0.0123456789ab.elowen-tmp"],
    ["no target name", "..123.0123456789ab.elowen-tmp"],
    ["the target itself", "state.json"],
  ])("does not take %s for a temporary", (_label, name) => {
    expect(parseAtomicTempName(name)).toBeUndefined();
    expect(ATOMIC_TEMP_PATTERN.test(name)).toBe(false);
  });
});
