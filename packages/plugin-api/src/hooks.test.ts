import { describe, expect, test } from "vitest";
import {
  HOOK_NAMES,
  HOOK_PATCH_CAPABILITY,
  HOOK_PATCH_SCHEMAS,
  retiredHookReplacement,
} from "./hooks.js";
import { HOOK_BUDGETS_MS, HOOK_DEFAULT_BUDGET_MS } from "./limits.js";

describe("hook names", () => {
  test("are exactly the six lifecycle points", () => {
    expect(HOOK_NAMES).toEqual([
      "brain.session.beforeSpawn",
      "brain.session.afterSpawn",
      "brain.run.beforeSettle",
      "tools.call.before",
      "tools.call.after",
      "plugin.shutdown",
    ]);
  });

  test.each([
    ["brain.turn.contextBuilt", "registerTurnContext"],
    ["brain.turn.beforeContext", "registerTurnContext"],
    ["brain.turn.beforeSend", "turn.step"],
    ["brain.turn.afterResponse", "turn.complete"],
    ["plugin.reload.before", "plugin.shutdown"],
    ["plugin.reload.after", "plugin.shutdown"],
  ])("retired %s names its replacement %s", (name, replacement) => {
    expect(retiredHookReplacement(name)).toContain(replacement);
  });

  test("live names are not retired", () => {
    for (const name of HOOK_NAMES) expect(retiredHookReplacement(name)).toBeUndefined();
  });

  test("budgets are two seconds, three for the gates and twelve after a call", () => {
    expect(HOOK_DEFAULT_BUDGET_MS).toBe(2000);
    expect(HOOK_BUDGETS_MS).toEqual({
      "tools.call.before": 3000,
      "brain.run.beforeSettle": 3000,
      "tools.call.after": 12000,
    });
  });

  test("each mutation needs its capability", () => {
    expect(HOOK_PATCH_CAPABILITY).toEqual({
      "brain.session.beforeSpawn": "prompt",
      "brain.run.beforeSettle": "runBoundary",
      "tools.call.before": "tools",
      "tools.call.after": "tools",
    });
  });

  test("patch schemas refuse fields of another hook", () => {
    expect(HOOK_PATCH_SCHEMAS["tools.call.before"].safeParse({ persona: "x" }).success).toBe(false);
    expect(
      HOOK_PATCH_SCHEMAS["tools.call.before"].safeParse({ denyToolCall: { reason: "no" } }).success,
    ).toBe(true);
    expect(
      HOOK_PATCH_SCHEMAS["tools.call.before"].safeParse({
        updateArgs: { args: { city: "Bergen" } },
      }).success,
    ).toBe(true);
    expect(
      HOOK_PATCH_SCHEMAS["tools.call.after"].safeParse({ appendResult: { text: "look again" } })
        .success,
    ).toBe(true);
    expect(
      HOOK_PATCH_SCHEMAS["tools.call.after"].safeParse({ appendResult: { text: "" } }).success,
    ).toBe(false);
    expect(
      HOOK_PATCH_SCHEMAS["brain.run.beforeSettle"].safeParse({
        boundary: { entries: [{ kind: "message", text: "hi" }], continue: true },
      }).success,
    ).toBe(true);
    expect(
      HOOK_PATCH_SCHEMAS["brain.run.beforeSettle"].safeParse({
        boundary: { entries: [{ kind: "note", text: "hi" }] },
      }).success,
    ).toBe(false);
  });
});
