import { describe, expect, test } from "vitest";
import { LONG_TOOLS, toolActivityLabel, toolRowReason } from "./presentation.js";

describe("toolActivityLabel", () => {
  test("says Running tools… for an exec call written without a reason", () => {
    expect(toolActivityLabel("exec")).toBe("Running tools…");
    expect(toolActivityLabel("exec", "   ")).toBe("Running tools…");
  });
  test("shows the call's own reason when it has one", () => {
    expect(toolActivityLabel("exec", " Listing the build ")).toBe("Listing the build");
  });
  test("names a tool LONG_TOOLS does not list", () => {
    expect(toolActivityLabel("Deploy")).toBe("Running Deploy…");
    expect(toolActivityLabel("toString")).toBe("Running toString…");
  });
  test("is frozen, so no surface can change another's words", () => {
    expect(Object.isFrozen(LONG_TOOLS)).toBe(true);
  });
});

describe("toolRowReason", () => {
  test.each([
    [{ command: "ls", description: "List files" }, "List files"],
    [{ reason: "Check the build", description: "ignored" }, "Check the build"],
    [{ reason: "  ", description: "Fallback" }, "Fallback"],
    [{ command: "ls" }, undefined],
    [{ description: 42 }, undefined],
    [["description"], undefined],
    [null, undefined],
    ["text", undefined],
  ])("reads %j as %j", (args, reason) => {
    expect(toolRowReason(args)).toBe(reason);
  });
});
