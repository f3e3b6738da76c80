import { describe, expect, test } from "vitest";
import {
  descriptionRemarks,
  isUsableDescription,
  nameRemarks,
  unsafeNameReason,
} from "./agent-skills-rules.js";

describe("names that can never be a key", () => {
  test.each([
    ["", "is empty"],
    [".", "is a path segment"],
    ["..", "is a path segment"],
    ["../etc", "contains a path separator"],
    ["a\\b", "contains a path separator"],
    ["a\0b", "contains a control character"],
    ["a\nb", "contains a control character"],
    ["a\u0085b", "contains a control character"],
    ["a b", "contains whitespace, which would end a /skill:name invocation"],
    ["a\u00a0b", "contains whitespace, which would end a /skill:name invocation"],
    ["a\ud800b", "contains a lone UTF-16 surrogate"],
  ])("%j %s", (name, reason) => {
    expect(unsafeNameReason(name)).toBe(reason);
  });

  test.each(["pdf", "My-Skill", "a..b", "ünïcode", "emoji-😀", 'a"b<c>&'])(
    "%j is a usable key",
    (name) => {
      expect(unsafeNameReason(name)).toBeUndefined();
    },
  );
});

describe("Agent Skills name rules, applied leniently", () => {
  test("a 64-character name is within the limit and 65 is one past it", () => {
    expect(nameRemarks("a".repeat(64))).toEqual([]);
    expect(nameRemarks("a".repeat(65))).toEqual([
      { code: "name-too-long", message: "name is 65 characters; the Agent Skills limit is 64" },
    ]);
  });

  test.each([
    ["Pdf-Tools", "it has an uppercase letter"],
    ["-pdf", "it starts or ends with a dash"],
    ["pdf-", "it starts or ends with a dash"],
    ["pdf--tools", "it has consecutive dashes"],
    ["pdf_tools", "it has a character other than a-z, 0-9 and -"],
    ["a..b", "it has a character other than a-z, 0-9 and -"],
  ])("%j breaks the pattern: %s", (name, why) => {
    expect(nameRemarks(name)).toEqual([
      {
        code: "name-invalid",
        message: `name ${JSON.stringify(name)} breaks the Agent Skills rule: lowercase letters, digits and single dashes, not starting or ending with a dash (${why})`,
      },
    ]);
  });

  test.each(["a", "pdf", "pdf-tools", "x1-2y", "0"])("%j keeps the pattern", (name) => {
    expect(nameRemarks(name, name)).toEqual([]);
  });

  test("a name that differs from its directory is noted", () => {
    expect(nameRemarks("pdf", "pdf-tools")).toEqual([
      {
        code: "name-mismatch",
        message:
          'name "pdf" differs from its directory "pdf-tools"; the Agent Skills rule is that they are equal',
      },
    ]);
  });
});

describe("Agent Skills description rules", () => {
  test("1,024 characters is within the limit and 1,025 is one past it", () => {
    expect(descriptionRemarks("d".repeat(1024))).toEqual([]);
    expect(descriptionRemarks("d".repeat(1025))).toEqual([
      {
        code: "description-too-long",
        message: "description is 1025 characters; the Agent Skills limit is 1024",
      },
    ]);
  });

  test.each([
    [undefined, false],
    ["", false],
    ["  \n\t", false],
    [42, false],
    [["a"], false],
    ["Use it.", true],
  ])("%j is usable: %s", (description, usable) => {
    expect(isUsableDescription(description)).toBe(usable);
  });
});
