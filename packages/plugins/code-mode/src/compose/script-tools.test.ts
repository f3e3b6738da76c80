import { textResult } from "@elowen/plugin-api/tools";
import type { NestedTool } from "@elowen/plugin-api/trace";
import { describe, expect, test } from "vitest";
import { MAX_TOOL_DOC_CHARS } from "../limits.js";
import { callee, isModelOnly, scriptTools, toolDoc } from "./script-tools.js";

const tool = (name: string, extra: Partial<NestedTool> = {}): NestedTool => ({
  name,
  description: `${name} does things`,
  parameters: { type: "object", properties: { path: { type: "string" } } },
  execute: async () => textResult(name),
  ...extra,
});

describe("script tools", () => {
  test("never offers ShowView to scripts, even when the host passes it", () => {
    expect([...scriptTools([tool("Read"), tool("ShowView")]).keys()]).toEqual(["Read"]);
  });

  test("never offers a tool the host marks model-only", () => {
    expect(isModelOnly(tool("Pick", { modelOnly: true }))).toBe(true);
    expect([...scriptTools([tool("Pick", { modelOnly: true }), tool("Bash")]).keys()]).toEqual([
      "Bash",
    ]);
  });

  test("keeps the first of two tools with one name", () => {
    const first = tool("Read");
    expect(scriptTools([first, tool("Read")]).get("Read")).toBe(first);
  });

  test("spells a call with a dot, or with brackets for a name that is no identifier", () => {
    expect(callee("mcp__docs__search")).toBe("tools.mcp__docs__search");
    expect(callee("my-tool")).toBe('tools["my-tool"]');
  });

  test("documents a tool with its call, description and argument schema", () => {
    expect(toolDoc(tool("Read"))).toBe(
      '- tools.Read(args): Read does things\n  args: {"type":"object","properties":{"path":{"type":"string"}}}',
    );
  });

  test("cuts a description longer than the cap", () => {
    const doc = toolDoc(tool("Long", { description: "x".repeat(MAX_TOOL_DOC_CHARS + 1) }));
    expect(doc).toContain(`${"x".repeat(MAX_TOOL_DOC_CHARS)}…`);
    expect(doc).not.toContain("x".repeat(MAX_TOOL_DOC_CHARS + 1));
  });
});
