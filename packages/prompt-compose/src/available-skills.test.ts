import { describe, expect, test } from "vitest";
import { renderAvailableSkills } from "./available-skills.js";

describe("renderAvailableSkills", () => {
  test("is empty when no skill is model-invocable", () => {
    expect(renderAvailableSkills([])).toBe("");
  });

  test("lists each skill as - name (N lines): description inside the block, with the SkillLoad instruction", () => {
    const block = renderAvailableSkills([
      { name: "deploy", description: "Ship a release.", lineCount: 42 },
      { name: "review", description: "Review a diff.", lineCount: 7 },
    ]);
    const lines = block.split("\n");
    expect(lines[0]).toBe("<available_skills>");
    expect(lines.at(-1)).toBe("</available_skills>");
    expect(lines.slice(-3, -1)).toEqual([
      "- deploy (42 lines): Ship a release.",
      "- review (7 lines): Review a diff.",
    ]);
    expect(block).toContain("load that skill with the SkillLoad tool, passing its name");
  });

  test.each([
    [null, "- notes: Keep notes."],
    [1, "- notes (1 line): Keep notes."],
    [0, "- notes (0 lines): Keep notes."],
    [-1, "- notes: Keep notes."],
    [2.5, "- notes: Keep notes."],
    [Number.NaN, "- notes: Keep notes."],
    [undefined, "- notes: Keep notes."],
  ])("a line count of %s is written %j", (lineCount, line) => {
    const entry = { name: "notes", description: "Keep notes.", lineCount: lineCount as number };
    expect(renderAvailableSkills([entry]).split("\n")).toContain(line);
  });

  test("keeps each skill on one line when its description holds line breaks or tabs", () => {
    const block = renderAvailableSkills([
      { name: "x", description: "first\r\n  second\tthird\u2028fourth", lineCount: 2 },
    ]);
    expect(block.split("\n")).toContain("- x (2 lines): first second third fourth");
  });

  test("carries no file paths: only names, lengths and descriptions", () => {
    const block = renderAvailableSkills([{ name: "deploy", description: "Ship.", lineCount: 3 }]);
    expect(block).not.toMatch(/SKILL\.md|\/skills\//);
  });

  test("keeps the given order and lists all 10,000 entries of a large catalog", () => {
    const entries = Array.from({ length: 10_000 }, (_, i) => ({
      name: `s${i}`,
      description: `d${i}`,
      lineCount: i,
    }));
    const lines = renderAvailableSkills(entries)
      .split("\n")
      .filter((l) => l.startsWith("- "));
    expect(lines).toHaveLength(10_000);
    expect(lines[9999]).toBe("- s9999 (9999 lines): d9999");
  });
});
