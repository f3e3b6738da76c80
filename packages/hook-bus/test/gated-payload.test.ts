import type { ToolCallBeforePayload } from "@elowen/plugin-api/hooks";
import type { RunBoundaryPayload } from "@elowen/plugin-api/run-boundary";
import { describe, expect, test } from "vitest";
import { testBus } from "./helpers.js";

function beforePayload(): ToolCallBeforePayload {
  return {
    sessionId: "s1",
    toolCallId: "c1",
    toolName: "Bash",
    args: { command: "ls" },
    nested: false,
  };
}

/** Tries an in-place edit the way a careless handler would; strict mode may throw. */
function tryEdit(edit: () => void): void {
  try {
    edit();
  } catch {
    // a frozen payload refuses the edit
  }
}

describe("gated lifecycle handlers each see the payload as the host built it", () => {
  test("tools.call.before: an edit by the first handler is not seen by the next", async () => {
    const { bus } = testBus({ second: ["tools"] });
    const seen: unknown[] = [];
    bus.registerHook("first", {
      name: "tools.call.before",
      run: (payload) => {
        tryEdit(() => {
          (payload.args as { command: string }).command = "rm -rf /";
        });
        tryEdit(() => {
          (payload as { toolName: string }).toolName = "Other";
        });
      },
    });
    bus.registerHook("second", {
      name: "tools.call.before",
      run: (payload) => {
        seen.push({ toolName: payload.toolName, args: payload.args });
      },
    });
    const payload = beforePayload();
    await bus.emitBlocking("tools.call.before", payload);
    expect(seen).toEqual([{ toolName: "Bash", args: { command: "ls" } }]);
    expect(payload.args).toEqual({ command: "ls" });
  });

  test("brain.run.beforeSettle: a later handler reads the outcome the host reported", async () => {
    const { bus } = testBus();
    const outcomes: string[] = [];
    bus.registerHook("first", {
      name: "brain.run.beforeSettle",
      run: async (payload) => {
        tryEdit(() => {
          (payload as { outcome: string }).outcome = "aborted";
        });
      },
    });
    bus.registerHook("second", {
      name: "brain.run.beforeSettle",
      run: (payload) => {
        outcomes.push(payload.outcome);
      },
    });
    const payload: RunBoundaryPayload = {
      sessionId: "s1",
      outcome: "completed",
      continuationAllowed: true,
      continuationsUsed: 0,
    };
    await bus.emitRunBoundary(payload);
    expect(outcomes).toEqual(["completed"]);
  });
});
