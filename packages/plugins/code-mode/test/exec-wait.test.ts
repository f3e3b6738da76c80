import type { ToolResult } from "@elowen/plugin-api/tools";
import type { ToolTraceRecord } from "@elowen/plugin-api/trace";
import { afterEach, describe, expect, test } from "vitest";
import { TestTurn } from "./support/host.js";

const textOf = (result: ToolResult) =>
  result.content
    .map((block) => (block.type === "text" ? block.text : `[${block.mimeType}]`))
    .join("\n");
const traceOf = (result: ToolResult) => (result.details?.toolTrace ?? []) as ToolTraceRecord[];

let turn: TestTurn | undefined;
afterEach(() => turn?.close());

/** Resolves once the log has settled the row `id` (live), whatever reported it. */
function settled(turn: TestTurn, id: string): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (turn.events.some((e) => e.type === "row-settled" && e.record.id === id)) resolve();
      else setTimeout(check, 5);
    };
    check();
  });
}

const FIVE_CALLS = `
const [first, second] = await Promise.all([
  tools.Screenshot({ shade: 1, ms: 80, reason: "Take the first shot" }),
  tools.Screenshot({ shade: 2 }),
]);
const echoed = JSON.parse(await tools.Echo({ n: 3 }));
const refusal = await tools.Fail({ message: "not allowed" }).catch((e) => e.message);
console.log("before the gate:", first, second, refusal);
const gated = await tools.Gate({ name: "slow", reason: "Wait for the slow one" });
return { echoed: echoed.args, gated };
`;

describe("exec and wait", () => {
  test("a cell still running when exec yields reports finished and pending rows, then wait reports its end", async () => {
    turn = new TestTurn({ yieldAfterMs: 1500 });
    const exec = await turn.exec(FIVE_CALLS);

    expect(exec.result.isError).toBeUndefined();
    expect(exec.result.details).toMatchObject({ ownRow: false, cellId: "1", cellState: "running" });
    expect(textOf(exec.result)).toContain("Cell 1 is still running");
    expect(textOf(exec.result)).toContain("Running: tools.Gate.");
    expect(textOf(exec.result)).toContain(
      "before the gate: screenshot 1 screenshot 2 tools.Fail failed: not allowed",
    );
    const reported = traceOf(exec.result);
    expect(reported.map((r) => [r.name, r.pending ?? false, r.isError ?? false])).toEqual([
      ["Screenshot", false, false],
      ["Screenshot", false, false],
      ["Echo", false, false],
      ["Fail", false, true],
      ["Gate", true, false],
    ]);
    const gate = reported[4] as ToolTraceRecord;
    expect(gate.startedAt).toBeTypeOf("number");
    expect(gate.durationMs).toBeUndefined();
    for (const record of reported.slice(0, 4)) expect(record.durationMs).toBeTypeOf("number");

    // Each nested tool saw its row id as its call id.
    expect(turn.toolLog.calls.map((c) => c.callId)).toEqual(reported.map((r) => r.id));

    // Images in completion order: the second shot finished first.
    const [shot1, shot2] = reported as [ToolTraceRecord, ToolTraceRecord];
    expect(shot2.imageOrder).toBeLessThan(shot1.imageOrder as number);
    expect(exec.result.content.filter((b) => b.type === "image")).toHaveLength(2);
    const attached = exec.result.content.flatMap((b) => (b.type === "image" ? [b.data] : []));
    expect(attached.map((data) => Buffer.from(data, "base64").length)).toEqual([
      shot2.images?.[0]?.bytes,
      shot1.images?.[0]?.bytes,
    ]);
    expect(turn.images.read(shot2.images?.[0]?.hash ?? "").toString("base64")).toBe(attached[0]);

    // The pending row settles in place, in the exec result it was drained into, with no wait.
    turn.gates.open("slow");
    await settled(turn, gate.id);
    const stored = traceOf(turn.journal.results.get(exec.callId) as ToolResult);
    const settledGate = stored.find((r) => r.id === gate.id) as ToolTraceRecord;
    expect(settledGate.pending).toBeUndefined();
    expect(settledGate.startedAt).toBe(gate.startedAt);
    expect(settledGate.durationMs).toBeTypeOf("number");
    expect(turn.journal.results.get(exec.callId)?.content).toEqual(exec.result.content);

    const wait = await turn.wait();
    expect(wait.result.isError).toBeUndefined();
    expect(wait.result.details).toMatchObject({
      ownRow: false,
      cellId: "1",
      cellState: "completed",
    });
    expect(traceOf(wait.result)).toEqual([]);
    expect(textOf(wait.result)).toContain("Cell 1 finished");
    expect(textOf(wait.result)).toContain('Result:\n{"echoed":{"n":3},"gated":"gate slow opened"}');

    // Durations are frozen: reading the journal again after the wait finds the same record.
    const again = traceOf(turn.journal.results.get(exec.callId) as ToolResult);
    expect(again.find((r) => r.id === gate.id)).toEqual(settledGate);

    // The rows a client drew live equal the rows it reads from history after a restart: the five
    // nested calls in place of exec, which draws no row of its own.
    const rows = turn.historyRows();
    expect(turn.live.rows()).toEqual(rows);
    const nested = rows.filter((row) => row.source === "nested");
    expect(rows.some((row) => row.id === exec.callId)).toBe(false);
    expect(nested.map((row) => [row.name, row.status, row.durationMs !== undefined])).toEqual([
      ["Screenshot", "done", true],
      ["Screenshot", "done", true],
      ["Echo", "done", true],
      ["Fail", "error", true],
      ["Gate", "done", true],
    ]);
  });

  test("a cell that ends before the yield deadline reports everything in exec and draws no exec row", async () => {
    turn = new TestTurn({ yieldAfterMs: 10_000 });
    const { result } = await turn.exec(
      'const a = await tools.Echo({ x: 1 }); console.log("got", a); return 40 + 2;',
    );
    expect(result.details).toMatchObject({ ownRow: false, cellState: "completed" });
    expect(traceOf(result).map((r) => r.name)).toEqual(["Echo"]);
    expect(textOf(result)).toMatch(/^Cell 1 finished in \S+ \(1 tool call\)\.\n\nConsole:\ngot \{/);
    expect(textOf(result)).toContain("Result:\n42");
  });

  test("a failed exec keeps its own row so that the error has somewhere to live", async () => {
    turn = new TestTurn();
    const { result } = await turn.exec('await tools.Echo({}); throw new Error("boom");');
    expect(result.isError).toBe(true);
    expect(result.details).not.toHaveProperty("ownRow");
    expect(result.details).toMatchObject({ cellState: "failed" });
    expect(traceOf(result).map((r) => r.name)).toEqual(["Echo"]);
    expect(textOf(result)).toMatch(/Error:\nError: boom\n {4}at <\w+> \(cell\.js:1:\d+\)/);
  });

  test("an uncaught tool error fails the cell with the tool's reason", async () => {
    turn = new TestTurn();
    const { result } = await turn.exec('await tools.Throw({ message: "disk on fire" });');
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain("ToolError: tools.Throw failed: disk on fire");
    expect(traceOf(result)[0]).toMatchObject({ name: "Throw", isError: true });
  });

  test("a wait that finds the cell failed draws no row of its own and says why", async () => {
    turn = new TestTurn({ yieldAfterMs: 300 });
    await turn.exec('await tools.Gate({ name: "g" }); throw new Error("after the gate");');
    turn.gates.open("g");
    const { result } = await turn.wait("1");
    expect(result.isError).toBe(true);
    expect(result.details).toMatchObject({ ownRow: false, cellState: "failed" });
    expect(textOf(result)).toContain("Error: after the gate");
  });

  test("each wait reports only what finished since the previous report", async () => {
    turn = new TestTurn({ yieldAfterMs: 300 });
    const exec = await turn.exec(
      'await tools.Echo({ n: 1 }); console.log("one"); await tools.Gate({ name: "a" }); await tools.Echo({ n: 2 }); console.log("two"); await tools.Gate({ name: "b" }); return "done";',
    );
    expect(traceOf(exec.result).map((r) => [r.name, r.pending ?? false])).toEqual([
      ["Echo", false],
      ["Gate", true],
    ]);
    turn.gates.open("a");
    const first = await turn.wait();
    expect(traceOf(first.result).map((r) => [r.name, r.pending ?? false])).toEqual([
      ["Echo", false],
      ["Gate", true],
    ]);
    expect(textOf(first.result)).toContain("Console:\ntwo");
    expect(textOf(first.result)).not.toContain("one");
    turn.gates.open("b");
    const second = await turn.wait();
    expect(traceOf(second.result)).toEqual([]);
    expect(textOf(second.result)).toContain("Result:\ndone");
    const ids = [exec, first, second].flatMap((call) => traceOf(call.result).map((r) => r.id));
    expect(new Set(ids).size).toBe(ids.length);
  });

  test("a wait after the cell's end was reported is refused, naming the cell", async () => {
    turn = new TestTurn();
    await turn.exec("return 1");
    const { result } = await turn.wait("1");
    expect(result).toMatchObject({ isError: true, details: { ownRow: false } });
    expect(textOf(result)).toBe(
      'wait: cell "1" already finished, and an earlier result reported how it ended',
    );
  });

  test("a wait with no running cell, or an unknown one, is refused with what exists", async () => {
    turn = new TestTurn();
    expect(textOf((await turn.wait()).result)).toBe(
      "wait: no cell is running in this turn; exec starts one",
    );
    await turn.exec("return 1");
    expect(textOf((await turn.wait("9")).result)).toBe(
      'wait: there is no cell "9" in this turn (cells: "1")',
    );
  });

  test("aborting the turn stops a running cell and aborts its nested calls", async () => {
    turn = new TestTurn({ yieldAfterMs: 300 });
    const exec = await turn.exec('await tools.Gate({ name: "never" });');
    const gate = traceOf(exec.result)[0] as ToolTraceRecord;
    turn.abort.abort();
    await settled(turn, gate.id);
    expect(turn.toolLog.aborted).toEqual([gate.id]);
    const { result } = await turn.wait("1");
    expect(textOf(result)).toContain("Error:\nthe turn was aborted");
  });

  test("a finished cell's calls it did not await run on, and aborting the turn aborts them", async () => {
    turn = new TestTurn();
    const { result } = await turn.exec('tools.Gate({ name: "left" }); return "done"');
    expect(textOf(result)).toContain("Still running, not awaited: tools.Gate.");
    const gate = traceOf(result)[0] as ToolTraceRecord;
    expect(gate.pending).toBe(true);
    turn.abort.abort();
    await settled(turn, gate.id);
    expect(turn.toolLog.aborted).toEqual([gate.id]);
  });

  test("cancelling the exec call stops its cell", async () => {
    turn = new TestTurn({ yieldAfterMs: 10_000 });
    const cancel = new AbortController();
    setTimeout(() => cancel.abort(), 100);
    const { result } = await turn.exec('await tools.Gate({ name: "never" });', cancel.signal);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain("the call waiting on this cell was cancelled");
  });

  test("two cells run at once and each report drains only its own rows", async () => {
    turn = new TestTurn({ yieldAfterMs: 800, warmWorkers: 2 });
    await Promise.all([turn.exec("return 1"), turn.exec("return 2")]); // two started workers
    const [a, b] = await Promise.all([
      turn.exec('await tools.Echo({ cell: "a" }); await tools.Gate({ name: "a" });'),
      turn.exec('await tools.Echo({ cell: "b" }); await tools.Gate({ name: "b" });'),
    ]);
    const cellOf = (r: ToolTraceRecord) => (r.args as { cell?: string; name?: string }) ?? {};
    expect(traceOf(a.result).map((r) => cellOf(r).cell ?? cellOf(r).name)).toEqual(["a", "a"]);
    expect(traceOf(b.result).map((r) => cellOf(r).cell ?? cellOf(r).name)).toEqual(["b", "b"]);
  });
});
