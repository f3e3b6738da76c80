import { type ToolResult, textResult } from "@elowen/plugin-api/tools";
import type { ToolTraceRecord } from "@elowen/plugin-api/trace";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { countingMinter, deferred, flush, ManualClock, thrownBy } from "../test/fixtures.js";
import { MemoryJournal } from "../test/memory-journal.js";
import { ToolTraceError } from "./errors.js";
import { type LiveToolEvent, LiveToolRows } from "./live-rows.js";
import { projectToolRows } from "./project-rows.js";
import { ToolTraceLog } from "./trace-log.js";
import { ToolTraceTurn } from "./turn.js";
import type { ToolTraceEvent } from "./types.js";

type Op =
  | { readonly op: "call"; readonly name: string }
  | { readonly op: "settle"; readonly pick: number; readonly fail: boolean }
  | { readonly op: "note"; readonly size: number }
  | { readonly op: "burst" }
  | { readonly op: "report"; readonly ownRow: boolean; readonly settleFirst: boolean }
  | { readonly op: "remove"; readonly pick: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant("call" as const),
      name: fc.constantFrom("Bash", "Read", "Grep"),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant("settle" as const),
      pick: fc.nat(),
      fail: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant("note" as const),
      size: fc.integer({ min: 1, max: 2500 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("burst" as const) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant("report" as const),
      ownRow: fc.boolean(),
      settleFirst: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("remove" as const), pick: fc.nat() }) },
);

/** Plays a producer and the host's reporting calls against a real journal, recording everything. */
async function play(ops: readonly Op[]) {
  const journal = new MemoryJournal();
  const minter = countingMinter();
  const events: ToolTraceEvent[] = [];
  const live: LiveToolEvent[] = [];
  const log = new ToolTraceLog({
    producerId: "cell-1",
    mintId: minter,
    clock: new ManualClock(),
    journal,
    onEvent: (e) => {
      events.push(e);
      live.push(e);
    },
  });
  const running: { done: ReturnType<typeof deferred<ToolResult>>; call: Promise<unknown> }[] = [];
  const batches: ToolTraceRecord[][] = [];
  const removed = new Set<string>();
  const executeIds: string[] = [];
  let reports = 0;
  const settle = async (pick: number, fail: boolean) => {
    const [next] = running.splice(pick % running.length, 1);
    if (!next) return;
    next.done.resolve(
      fail ? { content: [{ type: "text", text: "failed" }], isError: true } : textResult("ok"),
    );
    await next.call;
  };
  const report = async (ownRow: boolean, settleFirst: boolean) => {
    const callId = `exec-${++reports}`;
    live.push({ type: "tool-start", callId, name: "exec" });
    const toolTrace = log.sink.drain(callId);
    batches.push(toolTrace);
    const result = textResult("cell output", {
      toolTrace,
      ...(ownRow ? {} : { ownRow: false as const }),
    });
    // The race: a call settles after its record was drained, before the result reaches the journal.
    if (settleFirst && running.length > 0) await settle(0, false);
    journal.append(callId, "exec", result);
    live.push({ type: "tool-end", callId, result });
  };
  for (const step of ops) {
    if (step.op === "call") {
      const done = deferred<ToolResult>();
      const call = log.sink.call(step.name, { step: running.length }, (rowId) => {
        executeIds.push(rowId);
        return done.promise;
      });
      running.push({ done, call });
    } else if (step.op === "settle") await settle(step.pick, step.fail);
    else if (step.op === "note") log.sink.note("n".repeat(step.size));
    else if (step.op === "burst") for (let i = 0; i < 60; i++) log.sink.note(`burst ${i}`);
    else if (step.op === "report") await report(step.ownRow, step.settleFirst);
    else if (reports > 0) {
      const callId = `exec-${(step.pick % reports) + 1}`;
      journal.remove(callId);
      removed.add(callId);
    }
  }
  while (running.length > 0) await settle(0, false);
  await report(true, false);
  await flush();
  return { journal, minter, events, live, log, batches, removed, executeIds };
}

describe("invariant 1: every record is reported exactly once", () => {
  test("across any sequence of calls, notes, settles and reports", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { maxLength: 60 }), async (ops) => {
        const { log, batches, journal, removed } = await play(ops);
        const drained = batches.flat().map((r) => r.id);
        expect(new Set(drained).size).toBe(drained.length);
        expect([...drained].sort()).toEqual(
          log
            .records()
            .map((r) => r.id)
            .sort(),
        );
        const stored = journal
          .history()
          .flatMap((e) => (e.result?.details?.toolTrace ?? []).map((r) => r.id));
        const expected = batches
          .filter((_, i) => !removed.has(`exec-${i + 1}`))
          .flat()
          .map((r) => r.id);
        expect(stored).toEqual(expected);
      }),
      { numRuns: 120 },
    );
  });

  test("a drained array the producer changes does not change what the log reports", async () => {
    const log = new ToolTraceLog({ producerId: "p", mintId: countingMinter() });
    await log.sink.call("Read", {}, async () => textResult("x"));
    const drained = log.sink.drain("exec-1");
    drained.push({ id: "forged", producerId: "p", kind: "note", text: "x" });
    expect(() => {
      (drained[0] as { id: string }).id = "renamed";
    }).toThrow(TypeError);
    expect(log.records().map((r) => r.id)).toEqual(["row-1"]);
    expect(log.sink.drain("exec-2")).toEqual([]);
  });
});

describe("invariant 2: no row is published that was not recorded", () => {
  test("every live event carries a recorded record, and the last one is what was stored", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { maxLength: 60 }), async (ops) => {
        const { log, events, journal, removed } = await play(ops);
        const recorded = new Map(log.records().map((r) => [r.id, r]));
        const last = new Map<string, ToolTraceRecord>();
        for (const event of events) {
          expect(recorded.has(event.record.id)).toBe(true);
          last.set(event.record.id, event.record);
        }
        expect([...last.keys()].sort()).toEqual([...recorded.keys()].sort());
        for (const [id, record] of last) expect(record).toEqual(recorded.get(id));
        for (const entry of journal.history())
          if (!removed.has(entry.callId))
            for (const record of entry.result?.details?.toolTrace ?? [])
              expect(record).toEqual(recorded.get(record.id));
      }),
      { numRuns: 120 },
    );
  });

  test("the rows drawn live are the rows a reload draws", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          opArb.filter((o) => o.op !== "remove"),
          { maxLength: 60 },
        ),
        async (ops) => {
          const { live, journal } = await play(ops);
          const client = new LiveToolRows();
          for (const event of live) client.apply(event);
          expect(client.rows()).toEqual(projectToolRows(journal.history()));
        },
      ),
      { numRuns: 120 },
    );
  });

  test("a call over budget publishes nothing until an answer record admits it", async () => {
    const events: ToolTraceEvent[] = [];
    const log = new ToolTraceLog({
      producerId: "p",
      mintId: countingMinter(),
      onEvent: (e) => events.push(e),
    });
    for (let i = 0; i < 100; i++) log.sink.note(`n${i}`);
    events.length = 0;
    await log.sink.call("Read", {}, async () => textResult("x"));
    expect(events.map((e) => [e.type, e.record.kind, e.record.truncated?.records])).toEqual([
      ["note", "note", 1],
    ]);
    expect(log.records().map((r) => r.id)).toContain(events[0]?.record.id);
  });
});

describe("invariant 3: ids are minted by the host only", () => {
  test("records carry exactly the ids the host minted, and each call ran under its row's id", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { maxLength: 40 }), async (ops) => {
        const { log, minter, executeIds, journal } = await play(ops);
        const minted = new Set(minter.minted);
        for (const record of log.records()) expect(minted.has(record.id)).toBe(true);
        const calls = log
          .records()
          .filter((r) => r.kind === "call")
          .map((r) => r.id);
        for (const id of calls) expect(executeIds).toContain(id);
        const rowIds = projectToolRows(journal.history())
          .filter((row) => row.source === "nested")
          .map((row) => row.id);
        for (const id of rowIds) expect(minted.has(id)).toBe(true);
      }),
      { numRuns: 80 },
    );
  });

  test("ids a producer puts in arguments or results are never taken as row ids", async () => {
    const log = new ToolTraceLog({ producerId: "p", mintId: countingMinter() });
    await log.sink.call("Read", { id: "mine", rowId: "mine" }, async () =>
      textResult("x", { id: "mine", toolTrace: [{ id: "mine", producerId: "p", kind: "note" }] }),
    );
    expect(log.records().map((r) => r.id)).toEqual(["row-1"]);
  });

  test("a minter that repeats an id is refused before anything is recorded or published", async () => {
    const events: ToolTraceEvent[] = [];
    const log = new ToolTraceLog({
      producerId: "p",
      mintId: () => "same",
      onEvent: (e) => events.push(e),
    });
    await log.sink.call("Read", {}, async () => textResult("x"));
    let ran = false;
    await expect(
      log.sink.call("Read", {}, async () => {
        ran = true;
        return textResult("y");
      }),
    ).rejects.toMatchObject({ code: "duplicate-id" });
    expect(ran).toBe(false);
    expect(log.records().map((r) => r.id)).toEqual(["same"]);
    expect(events.map((e) => e.record.id)).toEqual(["same", "same"]);
  });

  test("a repeated id is refused across the producers of a turn too", async () => {
    const turn = new ToolTraceTurn({ mintId: () => "same" });
    turn.trace("cell-1").note("first");
    expect(() => turn.trace("cell-2").note("second")).toThrow(ToolTraceError);
  });

  test.each([
    ["an empty id", ""],
    ["an id of 129 characters", "i".repeat(129)],
    ["a number", 7 as unknown as string],
  ])("a minter that returns %s is refused", (_, id) => {
    const log = new ToolTraceLog({ producerId: "p", mintId: () => id });
    expect(thrownBy(() => log.sink.note("x"))).toMatchObject({ code: "invalid-id" });
  });

  test("an id of 128 characters is accepted", () => {
    const log = new ToolTraceLog({ producerId: "p", mintId: () => "i".repeat(128) });
    log.sink.note("x");
    expect(log.records()[0]?.id).toHaveLength(128);
  });
});
