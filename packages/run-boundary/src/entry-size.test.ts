import { describe, expect, test } from "vitest";
import { jsonProblem, utf8Bytes } from "./entry-size.js";

describe("utf8Bytes", () => {
  test.each([
    ["ascii", "abc", 3],
    ["two-byte é", "é", 2],
    ["three-byte €", "€", 3],
    ["four-byte emoji (a surrogate pair)", "😀", 4],
    ["a lone surrogate, written as U+FFFD", "\ud800", 3],
  ])("counts %s", (_label, text, bytes) => {
    expect(utf8Bytes(text)).toBe(bytes);
  });
});

describe("jsonProblem", () => {
  test("plain JSON data has no problem", () => {
    expect(jsonProblem({ a: [1, "x", null, true, { b: -0.5 }] })).toBeUndefined();
    expect(jsonProblem(Object.assign(Object.create(null), { a: 1 }))).toBeUndefined();
  });

  test.each([
    ["undefined", undefined, "data is undefined"],
    ["NaN", { n: Number.NaN }, "data.n is NaN"],
    ["Infinity", [Number.POSITIVE_INFINITY], "data[0] is Infinity"],
    ["a bigint", { n: 1n }, "data.n is a bigint"],
    ["a function", { f: () => 1 }, "data.f is a function"],
    ["a Date", { at: new Date(0) }, "data.at is a Date instance"],
    ["a Map", new Map(), "data is a Map instance"],
  ])("names %s with its path", (_label, value, message) => {
    expect(jsonProblem(value)).toContain(message);
  });

  test("a cycle is named, not followed", () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(jsonProblem(cyclic)).toBe("data.self refers back to itself");
  });

  test("64 levels of nesting pass; 65 do not", () => {
    const nest = (levels: number): unknown => (levels === 0 ? 1 : [nest(levels - 1)]);
    expect(jsonProblem(nest(64))).toBeUndefined();
    expect(jsonProblem(nest(65))).toMatch(/nests deeper than 64 levels/);
  });

  test("the same object twice side by side is not a cycle", () => {
    const shared = { x: 1 };
    expect(jsonProblem({ a: shared, b: shared })).toBeUndefined();
  });
});
