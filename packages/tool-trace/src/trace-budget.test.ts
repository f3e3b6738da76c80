import { MAX_TRACE_BYTES, MAX_TRACE_RECORDS } from "@elowen/plugin-api/limits";
import { type ToolResult, textResult } from "@elowen/plugin-api/tools";
import { permissionRecord, withPermission } from "@elowen/question-answer";
import { describe, expect, test } from "vitest";
import { countingMinter, deferred, fillTo, flush, ManualClock } from "../test/fixtures.js";
import { MemoryJournal } from "../test/memory-journal.js";
import { jsonBytes } from "./json-size.js";
import { TRACE_OUTPUT_MAX_CHARS } from "./limits.js";
import { OMISSION_MARKER_BYTES } from "./record-fit.js";
import { ToolTraceLog } from "./trace-log.js";

function setup(journal?: MemoryJournal) {
  const mintId = countingMinter();
  const log = new ToolTraceLog({
    producerId: "cell-1",
    mintId,
    clock: new ManualClock(),
    ...(journal ? { journal } : {}),
  });
  const nextId = () => `row-${mintId.minted.length + 1}`;
  const fill = (free: number) => fillTo(log, mintId, free);
  return { log, nextId, fill };
}

// A call row is admitted with its pending minimal form plus room to state what it omits later.
const pendingCost = (id: string, name: string) =>
  jsonBytes({ id, producerId: "cell-1", kind: "call", name, pending: true }) +
  OMISSION_MARKER_BYTES;

async function approved(log: ToolTraceLog) {
  const decision = permissionRecord({ outcome: "once", tool: "Bash", summary: "rm -rf build" });
  if (!decision.ok) throw new Error(decision.problem.message);
  return log.sink.call("Bash", {}, async () =>
    withPermission(textResult("removed"), decision.value),
  );
}

describe(`the record budget (${MAX_TRACE_RECORDS} per producer)`, () => {
  test(`admits ${MAX_TRACE_RECORDS} rows and states the next one in a visible truncation note`, async () => {
    const { log } = setup();
    for (let i = 0; i < MAX_TRACE_RECORDS; i++)
      await log.sink.call("Read", { i }, async () => textResult("ok"));
    expect(log.usage()).toMatchObject({ rows: MAX_TRACE_RECORDS, droppedRows: 0 });
    const before = log.sink.drain("exec-1");
    expect(before).toHaveLength(MAX_TRACE_RECORDS);
    expect(before.some((r) => r.truncated)).toBe(false);
    await log.sink.call("Read", { i: MAX_TRACE_RECORDS }, async () => textResult("ok"));
    const after = log.sink.drain("exec-2");
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({
      kind: "note",
      truncated: { records: 1 },
      text: expect.stringContaining("1 row"),
    });
  });

  test("notes take rows like calls do", () => {
    const { log } = setup();
    for (let i = 0; i < MAX_TRACE_RECORDS + 2; i++) log.sink.note(`step ${i}`);
    const drained = log.sink.drain("exec-1");
    expect(drained.filter((r) => r.truncated === undefined)).toHaveLength(MAX_TRACE_RECORDS);
    expect(drained.at(-1)?.truncated?.records).toBe(2);
  });

  test("the truncation note, once reported, is updated in place rather than reported again", async () => {
    const journal = new MemoryJournal();
    const { log } = setup(journal);
    for (let i = 0; i < MAX_TRACE_RECORDS + 1; i++) log.sink.note(`step ${i}`);
    journal.append("exec-1", "exec", textResult("y", { toolTrace: log.sink.drain("exec-1") }));
    log.sink.note("one more");
    log.sink.note("and another");
    expect(log.sink.drain("wait-1")).toEqual([]);
    await flush();
    expect(journal.result("exec-1")?.details?.toolTrace?.at(-1)?.truncated?.records).toBe(3);
    expect(journal.appends).toBe(1);
  });
});

describe(`the byte budget (${MAX_TRACE_BYTES} bytes per producer)`, () => {
  test("admits a row whose minimal form fits the last free bytes exactly, and not one byte more", async () => {
    // Ids row-10 to row-99 all cost the same, so the cost of the call's row is known in advance.
    const { log, fill } = setup();
    fill(pendingCost("row-99", "A"));
    const running = deferred<ToolResult>();
    const call = log.sink.call("A", { big: "x".repeat(500) }, () => running.promise);
    expect(log.usage()).toMatchObject({ bytes: MAX_TRACE_BYTES, droppedRows: 0 });
    running.resolve(textResult("a"));
    await call;
    expect(log.records().at(-1)).toMatchObject({ kind: "call", name: "A" });

    const second = setup();
    second.fill(pendingCost("row-99", "A") - 1);
    await second.log.sink.call("A", {}, async () => textResult("a"));
    expect(second.log.usage()).toMatchObject({ droppedRows: 1 });
  });

  test("what is drained never exceeds the byte budget, the truncation note aside", async () => {
    const { log } = setup();
    for (let i = 0; i < 80; i++)
      await log.sink.call("Bash", { command: "x".repeat(900) }, async () =>
        textResult("y".repeat(3000)),
      );
    const drained = log.sink.drain("exec-1");
    const counted = drained.filter((r) => r.truncated === undefined || r.kind === "call");
    expect(counted.reduce((sum, r) => sum + jsonBytes(r), 0)).toBeLessThanOrEqual(MAX_TRACE_BYTES);
    expect(drained.filter((r) => r.kind === "call")).toHaveLength(80);
  });

  test("a large early output cannot starve later rows", async () => {
    const { log } = setup();
    for (let i = 0; i < MAX_TRACE_RECORDS; i++)
      await log.sink.call("Bash", { i }, async () => textResult("z".repeat(50_000)));
    expect(log.usage()).toMatchObject({ rows: MAX_TRACE_RECORDS, droppedRows: 0 });
    expect(log.usage().bytes).toBeLessThanOrEqual(MAX_TRACE_BYTES);
  });

  test(`keeps an output's last ${TRACE_OUTPUT_MAX_CHARS} characters and states what was cut`, async () => {
    const { log } = setup();
    const output = `${"a".repeat(10_000)}THE END`;
    await log.sink.call("Bash", {}, async () => textResult(output));
    const [record] = log.sink.drain("exec-1");
    expect(record?.output?.startsWith("…")).toBe(true);
    expect(record?.output?.endsWith("THE END")).toBe(true);
    expect(record?.output).toHaveLength(TRACE_OUTPUT_MAX_CHARS + 1);
    expect(record?.truncated).toEqual({ records: 0, bytes: 10_007 - TRACE_OUTPUT_MAX_CHARS });
  });

  test(`keeps an output of exactly ${TRACE_OUTPUT_MAX_CHARS} characters whole`, async () => {
    const { log } = setup();
    await log.sink.call("Bash", {}, async () => textResult("b".repeat(TRACE_OUTPUT_MAX_CHARS)));
    const [record] = log.sink.drain("exec-1");
    expect(record?.output).toBe("b".repeat(TRACE_OUTPUT_MAX_CHARS));
    expect(record).not.toHaveProperty("truncated");
  });

  test("when display room runs out a row keeps its mandatory parts and says what it left out", async () => {
    const { log, fill } = setup();
    fill(2000);
    await log.sink.call("Bash", { command: "x".repeat(3000) }, async () =>
      textResult("y".repeat(3000)),
    );
    const record = log.records().find((r) => r.kind === "call");
    expect(record).toMatchObject({ name: "Bash", truncated: { records: 0 } });
    expect(record).not.toHaveProperty("args");
    expect(log.usage().bytes).toBeLessThanOrEqual(MAX_TRACE_BYTES);
  });
});

describe("answer records keep their mandatory slot", () => {
  test("even when the byte budget is full, and their bytes count against later rows", async () => {
    const { log, nextId, fill } = setup();
    fill(pendingCost(nextId(), "Bash"));
    await approved(log);
    const record = log.records().find((r) => r.kind === "call");
    expect(record?.questionAnswer?.questions[0]).toMatchObject({
      outcome: "once",
      approval: { tool: "Bash" },
    });
    expect(log.usage().bytes).toBeGreaterThan(MAX_TRACE_BYTES);
    await log.sink.call("Read", {}, async () => textResult("x"));
    log.sink.note("after");
    expect(log.usage().droppedRows).toBe(2);
  });

  test(`even past the ${MAX_TRACE_RECORDS}-record cap, for a call that opened over it`, async () => {
    const { log } = setup();
    for (let i = 0; i < MAX_TRACE_RECORDS; i++) log.sink.note(`n${i}`);
    const events: string[] = [];
    await approved(log);
    await log.sink.call("Read", {}, async () => textResult("x"));
    const drained = log.sink.drain("exec-1");
    expect(drained.filter((r) => r.kind === "call").map((r) => r.name)).toEqual(["Bash"]);
    expect(drained.at(-1)?.truncated?.records).toBe(1);
    expect(events).toEqual([]);
  });

  test("a call that opened over budget and settles without an answer record is only counted", async () => {
    const { log } = setup();
    for (let i = 0; i < MAX_TRACE_RECORDS; i++) log.sink.note(`n${i}`);
    const running = deferred<ToolResult>();
    const call = log.sink.call("Read", {}, () => running.promise);
    expect(log.usage().droppedRows).toBe(0);
    running.resolve(textResult("x"));
    await call;
    expect(log.usage().droppedRows).toBe(1);
  });
});
