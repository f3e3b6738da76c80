import { describe, expect, test } from "vitest";
import {
  INSTANCE_CONDITION_BRAND,
  INSTANCE_CONDITION_KINDS,
  InstanceCondition,
  isInstanceCondition,
} from "./instance-condition.js";

describe("InstanceCondition", () => {
  test("is an Error with the condition, the problem parts and an actionable message", () => {
    const cause = new Error("ENOENT");
    const condition = new InstanceCondition({
      condition: "missing",
      summary: 'personal skill file "report-guide" is missing',
      expected: "a SKILL.md file in /srv/skills/7/report-guide",
      received: "no file",
      fix: "restore the file or delete the skill",
      cause,
    });
    expect(condition).toBeInstanceOf(Error);
    expect({ ...condition, cause: condition.cause }).toEqual({
      name: "InstanceCondition",
      audience: "instance",
      condition: "missing",
      expected: "a SKILL.md file in /srv/skills/7/report-guide",
      received: "no file",
      fix: "restore the file or delete the skill",
      cause,
    });
    expect(condition.message).toBe(
      'personal skill file "report-guide" is missing: expected a SKILL.md file in /srv/skills/7/report-guide, received no file. Fix: restore the file or delete the skill',
    );
  });

  test("leaves absent problem parts and cause absent rather than undefined", () => {
    const condition = new InstanceCondition({ condition: "redirected", summary: "moved" });
    expect(Object.keys(condition).sort()).toEqual(["audience", "condition", "name"]);
    expect("cause" in condition).toBe(false);
  });

  test("refuses an unknown condition naming the allowed ones", () => {
    const init = { condition: "gone", summary: "x" } as unknown as ConstructorParameters<
      typeof InstanceCondition
    >[0];
    expect(() => new InstanceCondition(init)).toThrow(
      "condition must be one of missing, redirected, unreadable, invalid, received gone",
    );
  });

  test("brands with a Symbol.for key that another package copy shares", () => {
    expect(INSTANCE_CONDITION_BRAND).toBe(Symbol.for("@elowen/plugin-shared/instance-condition"));
  });
});

describe("isInstanceCondition", () => {
  test.each(INSTANCE_CONDITION_KINDS)("recognises a %s condition", (kind) => {
    expect(isInstanceCondition(new InstanceCondition({ condition: kind, summary: "s" }))).toBe(
      true,
    );
  });

  test("recognises a condition built by another copy of the module", async () => {
    const copy: typeof import("./instance-condition.js") = await import(
      secondCopy("./instance-condition.js")
    );
    const foreign = new copy.InstanceCondition({ condition: "unreadable", summary: "s" });
    expect(foreign).not.toBeInstanceOf(InstanceCondition);
    expect(isInstanceCondition(foreign)).toBe(true);
    expect(
      copy.isInstanceCondition(new InstanceCondition({ condition: "missing", summary: "s" })),
    ).toBe(true);
  });

  test.each([
    ["null", null],
    ["a string", "missing"],
    ["a plain error", new Error("missing")],
    ["a look-alike without the brand", { audience: "instance", condition: "missing" }],
    ["a brand of another version", { [INSTANCE_CONDITION_BRAND]: 2, condition: "missing" }],
    ["a brand with an unknown condition", { [INSTANCE_CONDITION_BRAND]: 1, condition: "gone" }],
  ])("rejects %s", (_label, value) => {
    expect(isInstanceCondition(value)).toBe(false);
  });
});

/** A specifier the module loader treats as a separate module: a second copy, as another package would load. */
function secondCopy(specifier: string): string {
  return `${specifier}?second-copy`;
}
