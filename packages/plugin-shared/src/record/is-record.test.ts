import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { isRecord } from "./is-record.js";

class Counter {
  count = 1;
}

describe("isRecord", () => {
  test.each<[string, unknown]>([
    ["a plain object", { a: 1 }],
    ["an empty object", {}],
    ["an object without a prototype", Object.create(null)],
    ["a class instance", new Counter()],
    ["a Date", new Date(0)],
    ["a Map", new Map()],
    ["a boxed string", Object("s")],
    ["a non-array proxy", new Proxy({}, {})],
    ["parsed JSON state", JSON.parse('{"pending":3,"totals":{"runs":1}}')],
  ])("accepts %s", (_label, value) => {
    expect(isRecord(value)).toBe(true);
  });

  test.each<[string, unknown]>([
    ["null", null],
    ["undefined", undefined],
    ["an array", [1, 2]],
    ["an empty array", []],
    ["a proxy of an array", new Proxy([], {})],
    ["a string", "{}"],
    ["a number", 0],
    ["a bigint", 1n],
    ["a boolean", true],
    ["a symbol", Symbol("s")],
    ["a function", () => ({})],
  ])("rejects %s", (_label, value) => {
    expect(isRecord(value)).toBe(false);
  });

  test("runs no getter of the value it checks", () => {
    let reads = 0;
    const value = {
      get touched() {
        reads++;
        return 1;
      },
    };
    expect(isRecord(value)).toBe(true);
    expect(reads).toBe(0);
  });

  test("agrees with the definition on any JSON value", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const expected = typeof value === "object" && value !== null && !Array.isArray(value);
        expect(isRecord(value)).toBe(expected);
      }),
    );
  });
});
