import { describe, expect, test } from "vitest";
import { isSkillFrontmatter, SkillFrontmatterSchema } from "./events/skill.js";

describe("SkillFrontmatterSchema", () => {
  test("accepts plain JSON-safe data", () => {
    const value = { name: "report", tags: ["a", 1, true, null], nested: { date: "2026-01-01" } };
    expect(SkillFrontmatterSchema.parse(value)).toEqual(value);
  });

  test.each(["__proto__", "constructor", "prototype"])(
    "refuses a parsed own %s key at any depth",
    (key) => {
      const top = JSON.parse(`{"${key}": {"x": 1}}`);
      const deep = JSON.parse(`{"a": [{"${key}": 1}]}`);
      expect(Object.keys(top)).toEqual([key]);
      expect(SkillFrontmatterSchema.safeParse(top).success).toBe(false);
      expect(isSkillFrontmatter(deep)).toBe(false);
    },
  );

  test.each([
    ["NaN", { n: Number.NaN }],
    ["Infinity", { n: Number.POSITIVE_INFINITY }],
    ["a Date object", { d: new Date(0) }],
    ["a function", { f: () => 1 }],
    ["an array at the top", [1]],
  ])("refuses %s", (_name, value) => {
    expect(SkillFrontmatterSchema.safeParse(value).success).toBe(false);
  });
});
