import { describe, expect, test } from "vitest";
import { InstanceCondition } from "./instance-condition.js";
import { CAUSE_CHAIN_MAX_DEPTH, reportingAudience } from "./reporting-audience.js";

const condition = () => new InstanceCondition({ condition: "missing", summary: "file is missing" });

function chain(depth: number, root: unknown): unknown {
  let link = root;
  for (let i = 0; i < depth; i++) link = new Error(`wrapper ${i}`, { cause: link });
  return link;
}

describe("reportingAudience", () => {
  test("answers instance for an instance condition itself", () => {
    expect(reportingAudience(condition())).toBe("instance");
  });

  test("answers instance for a condition anywhere in the cause chain", () => {
    expect(reportingAudience(chain(3, condition()))).toBe("instance");
  });

  test("follows the chain to its limit and stops one link past it", () => {
    expect(reportingAudience(chain(CAUSE_CHAIN_MAX_DEPTH, condition()))).toBe("instance");
    expect(reportingAudience(chain(CAUSE_CHAIN_MAX_DEPTH + 1, condition()))).toBe("software");
  });

  test.each([
    ["undefined", undefined],
    ["a string", "ENOENT"],
    ["a TypeError", new TypeError("x is not a function")],
    ["a chain of plain errors", chain(4, new Error("root"))],
  ])("answers software for %s", (_label, value) => {
    expect(reportingAudience(value)).toBe("software");
  });

  test("answers software for a cause cycle without hanging", () => {
    const a = new Error("a");
    const b = new Error("b", { cause: a });
    Object.defineProperty(a, "cause", { value: b });
    expect(reportingAudience(a)).toBe("software");
  });

  test("answers software when a cause getter throws", () => {
    const error = new Error("outer");
    Object.defineProperty(error, "cause", {
      get() {
        throw new Error("getter");
      },
    });
    expect(reportingAudience(error)).toBe("software");
  });
});
