import { type ToolResult, textResult } from "@elowen/plugin-api/tools";
import type { NestedTool, ToolTraceRecord } from "@elowen/plugin-api/trace";
import type { ToolRow } from "@elowen/tool-trace";
import { afterEach, expect, test } from "vitest";
import { TestTurn } from "./support/host.js";
import { Gates } from "./support/tools.js";

const traceOf = (result: ToolResult) => (result.details?.toolTrace ?? []) as ToolTraceRecord[];

let turn: TestTurn | undefined;
afterEach(() => turn?.close());

/**
 * A Bash as the host runs it: its progress goes to the row whose id it received as its call id,
 * the way the daemon routes a nested tool's `onUpdate` (`trace.update(callId, partial)`). It prints
 * two lines, waits for the test, prints a third, waits again and ends.
 */
function bash(gates: Gates, progress: (callId: string, partial: ToolResult) => void): NestedTool {
  return {
    name: "Bash",
    description: "Runs a shell command (test tool).",
    parameters: { type: "object" },
    async execute(callId, _args, signal) {
      progress(callId, textResult("step 1\nstep 2"));
      await gates.wait("more", signal);
      progress(callId, textResult("step 1\nstep 2\nstep 3"));
      await gates.wait("done", signal);
      return textResult("step 1\nstep 2\nstep 3\nbuilt");
    },
  };
}

/** Resolves once the live event stream has a `type` event for row `id` that `accept` takes. */
function event(
  turn: TestTurn,
  type: string,
  id: string,
  accept: (record: ToolTraceRecord) => boolean = () => true,
): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      const found = turn.events.some(
        (e) => e.type === type && e.record.id === id && accept(e.record),
      );
      if (found) resolve();
      else setTimeout(check, 5);
    };
    check();
  });
}

const bashRow = (rows: readonly ToolRow[]) => rows.find((row) => row.name === "Bash") as ToolRow;

test("tools.Bash shows its output tail on the running row, also after exec yielded, then freezes its duration", async () => {
  const gates = new Gates();
  let route: (callId: string, partial: ToolResult) => void = () => {};
  turn = new TestTurn({ yieldAfterMs: 300 }, [
    bash(gates, (callId, partial) => route(callId, partial)),
  ]);
  const live = turn;
  route = (callId, partial) => {
    expect(live.trace.update(callId, partial)).toBe(true);
  };

  const exec = await turn.exec(
    'return await tools.Bash({ command: "make", description: "Build the project" });',
  );
  expect(exec.result.details).toMatchObject({ ownRow: false, cellState: "running" });
  const [pending] = traceOf(exec.result) as [ToolTraceRecord];
  expect(pending).toMatchObject({ name: "Bash", pending: true });
  expect(pending.durationMs).toBeUndefined();
  expect(bashRow(turn.live.rows())).toMatchObject({
    status: "running",
    output: "step 1\nstep 2",
    startedAt: pending.startedAt,
  });

  // After exec yielded, the running row still follows the command's output.
  gates.open("more");
  await event(turn, "row-updated", pending.id, (r) => String(r.output).includes("step 3"));
  const running = bashRow(turn.live.rows());
  expect(running).toMatchObject({ status: "running", output: "step 1\nstep 2\nstep 3" });
  expect(running.durationMs).toBeUndefined();

  // It settles in place, in the exec result it was drained into, with its duration fixed.
  gates.open("done");
  await event(turn, "row-settled", pending.id);
  const settled = bashRow(turn.live.rows());
  expect(settled.status).toBe("done");
  expect(settled.output).toContain("built");
  expect(settled.startedAt).toBe(pending.startedAt);
  expect(settled.durationMs).toBeTypeOf("number");
  const stored = traceOf(turn.journal.results.get(exec.callId) as ToolResult)[0];
  expect(stored).toMatchObject({ id: pending.id, durationMs: settled.durationMs });
  expect(stored?.pending).toBeUndefined();

  // A later wait changes nothing about it: live and a reload draw the same frozen row.
  const wait = await turn.wait();
  expect(wait.result.details).toMatchObject({ ownRow: false, cellState: "completed" });
  expect(traceOf(wait.result)).toEqual([]);
  expect(bashRow(turn.live.rows()).durationMs).toBe(settled.durationMs);
  expect(bashRow(turn.historyRows())).toEqual(bashRow(turn.live.rows()));
  expect(turn.historyRows()).toEqual(turn.live.rows());
});
