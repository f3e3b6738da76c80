import { describe, expect, test } from "vitest";
import { HOOK_CONTEXT_MAX_CHARS, readHookDecision } from "./hook-decision.js";
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

  test(`context is cut at HOOK_CONTEXT_MAX_CHARS (${HOOK_CONTEXT_MAX_CHARS}) and kept whole at the cap`, () => {
    const at = "x".repeat(HOOK_CONTEXT_MAX_CHARS);
    expect(readHookDecision(ran(0, at), true).additionalContext).toBe(at);
    expect(readHookDecision(ran(0, `${at}y`), true).additionalContext).toBe(at);
  });
});
