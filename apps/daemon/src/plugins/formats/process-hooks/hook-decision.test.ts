import { describe, expect, test } from "vitest";
import {
  HOOK_CONTEXT_MAX_CHARS,
  PERMISSION_REASON_MAX_CHARS,
  readHookDecision,
} from "./hook-decision.js";
import type { HookProcessResult } from "./run-hook-process.js";

const ran = (
  exitCode: number | null,
  stdout = "",
  stderr = "",
  extra: Partial<HookProcessResult> = {},
) => ({
  exitCode,
  stdout,
  stderr,
  timedOut: false,
  ...extra,
});

const json = (hookSpecificOutput: Record<string, unknown>) =>
  JSON.stringify({ hookSpecificOutput });

describe("readHookDecision (Claude Code's hook output protocol)", () => {
  test.each([
    ["exit 2 blocks with stderr", ran(2, "", "no rm -rf\n"), false, { block: "no rm -rf" }],
    ["exit 2 with nothing said still blocks", ran(2), false, { block: "blocked by a hook" }],
    ["exit 0 with nothing decides nothing", ran(0), false, {}],
    [
      "plain stdout is context for a context event",
      ran(0, "remember X\n"),
      true,
      { additionalContext: "remember X" },
    ],
    ["plain stdout is nothing for a tool event", ran(0, "remember X\n"), false, {}],
    [
      "permissionDecision deny blocks with its reason",
      ran(
        0,
        JSON.stringify({
          hookSpecificOutput: { permissionDecision: "deny", permissionDecisionReason: "not here" },
        }),
      ),
      false,
      { block: "not here" },
    ],
    [
      "decision block blocks with its reason",
      ran(0, JSON.stringify({ decision: "block", reason: "tests first" })),
      false,
      { block: "tests first" },
    ],
    [
      "continue false blocks with the stop reason",
      ran(0, JSON.stringify({ continue: false, stopReason: "halt" })),
      false,
      { block: "halt" },
    ],
    [
      "additionalContext and updatedInput are read",
      ran(
        0,
        JSON.stringify({
          hookSpecificOutput: { additionalContext: "ctx", updatedInput: { a: 1 } },
        }),
      ),
      false,
      { additionalContext: "ctx", updatedInput: { a: 1 } },
    ],
    [
      "permissionDecision ask asks, with its reason",
      ran(
        0,
        json({
          hookEventName: "PreToolUse",
          permissionDecision: "ask",
          permissionDecisionReason: "sure?",
        }),
      ),
      false,
      { permission: { decision: "ask", reason: "sure?" } },
    ],
    [
      "permissionDecision allow allows, beside updatedInput",
      ran(0, json({ permissionDecision: "allow", updatedInput: { a: 1 } })),
      false,
      { permission: { decision: "allow" }, updatedInput: { a: 1 } },
    ],
    [
      "the older decision approve allows, with its reason",
      ran(0, JSON.stringify({ decision: "approve", reason: "known safe" })),
      false,
      { permission: { decision: "allow", reason: "known safe" } },
    ],
    [
      "permissionDecision wins over the older decision",
      ran(
        0,
        JSON.stringify({ decision: "approve", hookSpecificOutput: { permissionDecision: "ask" } }),
      ),
      false,
      { permission: { decision: "ask" } },
    ],
    [
      "a block wins over an allow",
      ran(
        0,
        JSON.stringify({
          decision: "block",
          reason: "no",
          hookSpecificOutput: { permissionDecision: "allow" },
        }),
      ),
      false,
      { block: "no" },
    ],
    [
      "an unknown permissionDecision (defer) decides nothing",
      ran(0, json({ permissionDecision: "defer" })),
      false,
      {},
    ],
    ["another exit code fails open", ran(1, "", "boom"), false, { failure: "exited 1: boom" }],
    [
      "a timed-out process decides nothing",
      ran(null, "", "", { timedOut: true }),
      true,
      { failure: "killed: its budget was spent" },
    ],
    [
      "a process that could not start decides nothing",
      ran(null, "", "", { startError: "ENOENT" }),
      false,
      { failure: "could not start: ENOENT" },
    ],
    [
      "broken JSON fails open",
      ran(0, "{ nope"),
      true,
      { failure: "printed output that starts like JSON but is not" },
    ],
  ])("%s", (_, result, plainIsContext, expected) => {
    expect(readHookDecision(result, plainIsContext)).toEqual(expected);
  });

  test(`a permission reason is cut at PERMISSION_REASON_MAX_CHARS (${PERMISSION_REASON_MAX_CHARS}) and kept whole at the cap`, () => {
    const at = "r".repeat(PERMISSION_REASON_MAX_CHARS);
    const said = (reason: string) =>
      readHookDecision(
        ran(0, json({ permissionDecision: "ask", permissionDecisionReason: reason })),
        false,
      ).permission?.reason;
    expect(said(at)).toBe(at);
    expect(said(`${at}s`)).toBe(at);
  });

  test(`context is cut at HOOK_CONTEXT_MAX_CHARS (${HOOK_CONTEXT_MAX_CHARS}) and kept whole at the cap`, () => {
    const at = "x".repeat(HOOK_CONTEXT_MAX_CHARS);
    expect(readHookDecision(ran(0, at), true).additionalContext).toBe(at);
    expect(readHookDecision(ran(0, `${at}y`), true).additionalContext).toBe(at);
  });
});
