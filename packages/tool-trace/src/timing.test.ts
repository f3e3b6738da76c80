import { type ToolResult, textResult } from "@elowen/plugin-api/tools";
import { describe, expect, test } from "vitest";
import { countingMinter, deferred, flush, ManualClock } from "../test/fixtures.js";
import { MemoryJournal } from "../test/memory-journal.js";
import { projectToolRows } from "./project-rows.js";
import { ToolTraceLog } from "./trace-log.js";

function setup(journal?: MemoryJournal) {
  const clock = new ManualClock();
  const log = new ToolTraceLog({
    producerId: "cell-1",
    mintId: countingMinter(),
    clock,
    ...(journal ? { journal } : {}),
  });
  return { clock, log };
}

describe("nested execution timing", () => {
  test("stamps startedAt once, at open, from the wall clock", async () => {
    const { log, clock } = setup();
    const running = deferred<ToolResult>();
    const call = log.sink.call("Bash", {}, () => running.promise);
    clock.advance(300);
    log.update("row-1", textResult("tail"));
    clock.advance(300);
    running.resolve(textResult("done"));
    await call;
    expect(log.records()[0]?.startedAt).toBe(1_700_000_000_000);
  });

  test("measures durationMs on the monotonic clock, whatever the wall clock does", async () => {
    const { log, clock } = setup();
    await log.sink.call("Bash", {}, async () => {
      clock.mono += 250;
      clock.wall -= 3_600_000; // the system clock is set back an hour mid-call
      return textResult("done");
    });
    expect(log.records()[0]).toMatchObject({ startedAt: 1_700_000_000_000, durationMs: 250 });
  });

  test("a pending record keeps its start across reports, and a late settle replaces it with the final duration", async () => {
    const journal = new MemoryJournal();
    const { log, clock } = setup(journal);
    const running = deferred<ToolResult>();
    const call = log.sink.call("Bash", {}, () => running.promise);
    clock.advance(1000);
    const exec = log.sink.drain("exec-1");
    expect(exec[0]).toMatchObject({ pending: true, startedAt: 1_700_000_000_000 });
    expect(exec[0]).not.toHaveProperty("durationMs");
    journal.append("exec-1", "exec", textResult("yielded", { toolTrace: exec }));
    clock.advance(2000);
    journal.append(
      "wait-1",
      "wait",
      textResult("still running", { toolTrace: log.sink.drain("wait-1"), ownRow: false }),
    );
    clock.advance(500);
    running.resolve(textResult("done"));
    await call;
    await flush();
    expect(journal.result("exec-1")?.details?.toolTrace?.[0]).toMatchObject({
      startedAt: 1_700_000_000_000,
      durationMs: 3500,
    });
  });

  test("a row shows a duration only when the record has one: none while pending, none without timing", () => {
    const rows = projectToolRows([
      {
        callId: "exec-1",
        name: "exec",
        result: textResult("x", {
          toolTrace: [
            { id: "a", producerId: "p", kind: "call", name: "Bash", pending: true, startedAt: 5 },
            { id: "b", producerId: "p", kind: "call", name: "Read" },
            { id: "c", producerId: "p", kind: "call", name: "Grep", startedAt: 5, durationMs: 0 },
          ],
        }),
      },
    ]);
    expect(rows.map((r) => [r.id, r.startedAt ?? null, r.durationMs ?? null])).toEqual([
      ["a", 5, null],
      ["b", null, null],
      ["c", 5, 0],
      ["exec-1", null, null],
    ]);
  });
});
