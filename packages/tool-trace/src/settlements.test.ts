import { errorResult, type ToolResult, textResult } from "@elowen/plugin-api/tools";
import type { ToolTraceRecord } from "@elowen/plugin-api/trace";
import { permissionRecord, runGated } from "@elowen/question-answer";
import { describe, expect, test } from "vitest";
import { countingMinter, deferred, flush, ManualClock } from "../test/fixtures.js";
import { MemoryJournal } from "../test/memory-journal.js";
import { projectToolRows } from "./project-rows.js";
import { settleInResult, ToolTraceSettlements } from "./settlements.js";
import { ToolTraceLog } from "./trace-log.js";
import type { ToolTraceEvent } from "./types.js";

function setup(journal?: MemoryJournal) {
  const clock = new ManualClock();
  const events: ToolTraceEvent[] = [];
  const log = new ToolTraceLog({
    producerId: "cell-1",
    mintId: countingMinter(),
    clock,
    ...(journal ? { journal } : {}),
    onEvent: (e) => events.push(e),
  });
  return { clock, events, log };
}

/** The wrapper's own result for `callId`, as code mode returns it: the drained records on details. */
function report(
  log: ToolTraceLog,
  callId: string,
  text: string,
  extra: Record<string, unknown> = {},
) {
  return textResult(text, { toolTrace: log.sink.drain(callId), ...extra });
}

describe("late settlement, durable half", () => {
  test("replaces the pending record in place inside the stored result it was drained into", async () => {
    const journal = new MemoryJournal();
    const { log, clock } = setup(journal);
    const running = deferred<ToolResult>();
    const call = log.sink.call("Bash", { command: "make" }, () => running.promise);
    const exec = report(log, "exec-1", "cell yielded", { exitCode: null });
    journal.append("exec-1", "exec", exec);
    clock.advance(1200);
    running.resolve(textResult("built"));
    await call;
    await flush();
    const stored = journal.result("exec-1");
    expect(stored?.content).toEqual(exec.content);
    expect(stored?.details?.exitCode).toBeNull();
    expect(stored?.details?.toolTrace).toEqual([
      {
        id: "row-1",
        producerId: "cell-1",
        kind: "call",
        name: "Bash",
        args: { command: "make" },
        output: "built",
        startedAt: 1_700_000_000_000,
        durationMs: 1200,
      },
    ]);
    expect({ appends: journal.appends, rewrites: journal.rewrites }).toEqual({
      appends: 1,
      rewrites: 1,
    });
  });

  test("a nested approval survives a late settle: the stored record and the reloaded row carry it beside the output", async () => {
    const journal = new MemoryJournal();
    const { log } = setup(journal);
    const decision = permissionRecord({
      outcome: "always",
      scope: "session",
      tool: "Bash",
      summary: "make",
    });
    if (!decision.ok) throw new Error(decision.problem.message);
    const running = deferred<ToolResult>();
    const call = log.sink.call("Bash", { command: "make" }, () =>
      runGated(decision.value, () => running.promise),
    );
    journal.append("exec-1", "exec", report(log, "exec-1", "yielded"));
    running.resolve(textResult("built"));
    await call;
    await flush();
    const questionAnswer = { questions: [decision.value] };
    expect(journal.result("exec-1")?.details?.toolTrace?.[0]).toMatchObject({
      id: "row-1",
      output: "built",
      questionAnswer,
    });
    const [row] = projectToolRows(journal.history());
    expect(row).toMatchObject({
      id: "row-1",
      status: "done",
      output: "built",
      answer: { status: "valid", record: questionAnswer },
    });
  });

  test("a reload reads the finished row where it first appeared, once", async () => {
    const journal = new MemoryJournal();
    const { log } = setup(journal);
    const running = deferred<ToolResult>();
    const call = log.sink.call("Bash", {}, () => running.promise);
    journal.append("exec-1", "exec", report(log, "exec-1", "yielded"));
    running.resolve(textResult("done"));
    await call;
    journal.append("wait-1", "wait", report(log, "wait-1", "finished", { ownRow: false }));
    await flush();
    const rows = projectToolRows(journal.history());
    expect(rows.map((r) => [r.id, r.source, r.status, r.reportedBy ?? null])).toEqual([
      ["row-1", "nested", "done", "exec-1"],
      ["exec-1", "direct", "done", null],
    ]);
  });

  test.each([
    ["a synchronous", false],
    ["an asynchronous", true],
  ])(
    "with %s journal, a settle that comes before the reporting result is appended waits and is written then",
    async (_, asynchronous) => {
      const journal = new MemoryJournal(asynchronous);
      const { log } = setup(journal);
      const running = deferred<ToolResult>();
      const call = log.sink.call("Bash", {}, () => running.promise);
      const exec = report(log, "exec-1", "yielded");
      running.resolve(textResult("done"));
      await call;
      await flush();
      expect(journal.history()).toEqual([]);
      expect(journal.listeners).toBe(1);
      journal.append("exec-1", "exec", exec);
      await flush();
      expect(journal.result("exec-1")?.details?.toolTrace?.[0]).toMatchObject({ output: "done" });
      expect(journal.result("exec-1")?.details?.toolTrace?.[0]).not.toHaveProperty("pending");
      expect(journal.listeners).toBe(0);
    },
  );

  test("an entry the journal removed is not rewritten, and nothing is appended", async () => {
    const journal = new MemoryJournal();
    const { log, events } = setup(journal);
    const running = deferred<ToolResult>();
    const call = log.sink.call("Bash", {}, () => running.promise);
    journal.append("exec-1", "exec", report(log, "exec-1", "yielded"));
    journal.remove("exec-1");
    running.resolve(textResult("done"));
    await call;
    await flush();
    expect(journal.history()).toEqual([]);
    expect({
      appends: journal.appends,
      rewrites: journal.rewrites,
      listeners: journal.listeners,
    }).toEqual({
      appends: 1,
      rewrites: 0,
      listeners: 0,
    });
    expect(events.at(-1)).toMatchObject({ type: "row-settled", reportedIn: "exec-1" });
  });

  test("a result discarded while the settle waits for it is never written", async () => {
    const journal = new MemoryJournal();
    const settlements = new ToolTraceSettlements(journal);
    const { log } = setup();
    await log.sink.call("Read", {}, async () => textResult("x"));
    const [record] = log.sink.drain("exec-1");
    const outcome = settlements.write("exec-1", record as never);
    await flush();
    journal.discard("exec-1");
    await expect(outcome).resolves.toBe("gone");
    expect(journal.appends).toBe(0);
  });

  test("a record the stored result does not hold is left alone rather than appended", async () => {
    const journal = new MemoryJournal();
    journal.append("exec-1", "exec", textResult("no trace"));
    const settlements = new ToolTraceSettlements(journal);
    const record = { id: "row-9", producerId: "cell-1", kind: "call" as const, name: "Read" };
    await expect(settlements.write("exec-1", record)).resolves.toBe("unchanged");
    expect(journal.result("exec-1")).toEqual(textResult("no trace"));
  });

  test("two settlements in one result both land, even through an asynchronous journal", async () => {
    const journal = new MemoryJournal(true);
    const { log } = setup(journal);
    const a = deferred<ToolResult>();
    const b = deferred<ToolResult>();
    const calls = [
      log.sink.call("A", {}, () => a.promise),
      log.sink.call("B", {}, () => b.promise),
    ];
    journal.append("exec-1", "exec", report(log, "exec-1", "yielded"));
    a.resolve(textResult("a done"));
    b.resolve(textResult("b done"));
    await Promise.all(calls);
    await flush();
    expect(journal.result("exec-1")?.details?.toolTrace?.map((r) => r.output)).toEqual([
      "a done",
      "b done",
    ]);
  });

  test("without a journal a late settle shows only live", async () => {
    const { log, events } = setup();
    const running = deferred<ToolResult>();
    const call = log.sink.call("Bash", {}, () => running.promise);
    const exec = report(log, "exec-1", "yielded");
    running.resolve(textResult("done"));
    await call;
    expect(exec.details?.toolTrace?.[0]?.pending).toBe(true);
    expect(events.at(-1)).toMatchObject({
      type: "row-settled",
      reportedIn: "exec-1",
      record: { output: "done" },
    });
  });

  test("closing stops a wait: the settlement stays live-only", async () => {
    const journal = new MemoryJournal();
    const settlements = new ToolTraceSettlements(journal);
    const outcome = settlements.write("exec-1", {
      id: "row-1",
      producerId: "p",
      kind: "call",
      name: "A",
    });
    await flush();
    settlements.close();
    await expect(outcome).resolves.toBe("closed");
    journal.append("exec-1", "exec", textResult("late"));
    expect(journal.rewrites).toBe(0);
  });

  test("a settle after closing still lands in a result the journal holds, and waits for none", async () => {
    const journal = new MemoryJournal();
    const { log } = setup(journal);
    const stopped = deferred<ToolResult>();
    const call = log.sink.call("Bash", { command: "make" }, () => stopped.promise);
    journal.append("exec-1", "exec", report(log, "exec-1", "yielded"));
    const orphan = deferred<ToolResult>();
    const orphanCall = log.sink.call("Read", {}, () => orphan.promise);
    const neverAppended = report(log, "exec-2", "yielded");
    log.close();
    stopped.resolve(errorResult("stopped with the turn"));
    orphan.resolve(textResult("read"));
    await Promise.all([call, orphanCall]);
    await flush();
    expect(journal.result("exec-1")?.details?.toolTrace).toEqual([
      expect.objectContaining({ id: "row-1", isError: true, output: "stopped with the turn" }),
    ]);
    expect(journal.result("exec-1")?.details?.toolTrace?.[0]).not.toHaveProperty("pending");
    expect(neverAppended.details?.toolTrace?.[0]).toMatchObject({ id: "row-2", pending: true });
    expect(journal.history().map((entry) => entry.callId)).toEqual(["exec-1"]);
    expect({ listeners: journal.listeners, appends: journal.appends }).toEqual({
      listeners: 0,
      appends: 1,
    });
  });

  test("the live message's twin changes only details.toolTrace, and leaves a result without the record alone", async () => {
    const { log } = setup();
    const running = deferred<ToolResult>();
    const call = log.sink.call("Bash", {}, () => running.promise);
    const exec = report(log, "exec-1", "yielded", { exitCode: null });
    running.resolve(textResult("done"));
    await call;
    const settled = log.records()[0] as ToolTraceRecord;
    const live = settleInResult(exec, settled);
    expect(live?.content).toBe(exec.content);
    expect(live?.details).toEqual({ ...exec.details, toolTrace: [settled] });
    expect(exec.details?.toolTrace?.[0]).toHaveProperty("pending", true);
    expect(settleInResult(textResult("other"), settled)).toBeUndefined();
    expect(settleInResult(exec, { ...settled, id: "row-9" })).toBeUndefined();
  });

  test("a journal that throws ends the write as failed and says so, without an unhandled rejection", async () => {
    const problems: string[] = [];
    const settlements = new ToolTraceSettlements(
      {
        rewriteToolTrace: () => {
          throw new Error("database is locked");
        },
        subscribe: () => () => {},
      },
      (message) => problems.push(message),
    );
    await expect(
      settlements.write("exec-1", { id: "row-1", producerId: "p", kind: "call", name: "A" }),
    ).resolves.toBe("failed");
    expect(problems).toEqual(["settling row-1 in exec-1 failed: database is locked"]);
  });
});
