import { describe, expect, test } from "vitest";
import { mcpToolName, nameTools, toolAllowed } from "./tool-names.js";

describe("tool names", () => {
  test("tools are named mcp__<server>__<tool>, other characters as _", () => {
    expect(mcpToolName("everything", "get-sum")).toBe("mcp__everything__get-sum");
    expect(mcpToolName("docs", "search.v2")).toBe("mcp__docs__search_v2");
  });

  test("two tools that normalize to one name are both refused, naming each other", () => {
    const named = nameTools([
      { server: "a", tools: ["x.y", "x_y", "ok", "b__c"] },
      { server: "a__b", tools: ["c"] },
    ]);
    expect(named.get("a__b")?.get("c")).toEqual({
      ok: false,
      reason: "tool c: mcp__a__b__c is also the name of a/b__c; neither is offered",
    });
    expect(named.get("a")?.get("ok")).toEqual({ ok: true, name: "mcp__a__ok" });
    expect(named.get("a")?.get("x.y")).toEqual({
      ok: false,
      reason: "tool x.y: mcp__a__x_y is also the name of a/x_y; neither is offered",
    });
  });

  test("a name past 64 characters is refused; 64 is accepted", () => {
    const fits = "t".repeat(64 - "mcp__s__".length);
    const named = nameTools([{ server: "s", tools: [fits, `${fits}u`] }]).get("s");
    expect(named?.get(fits)).toEqual({ ok: true, name: `mcp__s__${fits}` });
    expect(named?.get(`${fits}u`)?.ok).toBe(false);
  });

  test("deny wins over allow; no allow list allows every tool", () => {
    expect(toolAllowed("a", undefined)).toBe(true);
    expect(toolAllowed("a", { allow: ["a"], deny: ["a"] })).toBe(false);
    expect(toolAllowed("b", { allow: ["a"] })).toBe(false);
    expect(toolAllowed("b", { deny: ["a"] })).toBe(true);
  });
});
