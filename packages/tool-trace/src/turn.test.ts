import { type ImageContent, type ToolResult, textResult } from "@elowen/plugin-api/tools";
import { describe, expect, test } from "vitest";
import {
  countingMinter,
  deferred,
  flush,
  imageData,
  ManualClock,
  MemoryImageStore,
} from "../test/fixtures.js";
import { MemoryJournal } from "../test/memory-journal.js";
import { ToolTraceTurn } from "./turn.js";
import type { ToolTraceEvent } from "./types.js";

const shot = (n: number): ToolResult => ({
  content: [{ type: "image", data: imageData(n), mimeType: "image/png" } satisfies ImageContent],
});

describe("a turn's traces", () => {
  test("the same producer id returns the same sink for the whole turn", async () => {
    const turn = new ToolTraceTurn({ mintId: countingMinter() });
    await turn.trace("cell-1").call("Read", {}, async () => textResult("x"));
    expect(
      turn
        .trace("cell-1")
        .drain("exec-1")
        .map((r) => r.id),
    ).toEqual(["row-1"]);
    expect(turn.trace("cell-2").drain("exec-2")).toEqual([]);
  });

  test("routes a nested tool's partial output to the row that opened it", () => {
    const events: ToolTraceEvent[] = [];
    const turn = new ToolTraceTurn({ mintId: countingMinter(), onEvent: (e) => events.push(e) });
    const running = deferred<ToolResult>();
    void turn.trace("cell-2").call("Bash", {}, () => running.promise);
    expect(turn.update("row-1", textResult("compiling…"))).toBe(true);
    expect(turn.update("direct-call-7", textResult("x"))).toBe(false);
    expect(events.at(-1)).toMatchObject({
      type: "row-updated",
      record: { producerId: "cell-2", output: "compiling…" },
    });
  });

  test("keeps each producer's latest image apart", async () => {
    const turn = new ToolTraceTurn({
      mintId: countingMinter(),
      images: new MemoryImageStore(),
      clock: new ManualClock(),
    });
    await turn.trace("cell-1").call("Desktop", {}, async () => shot(1));
    await turn.trace("cell-2").call("Desktop", {}, async () => shot(2));
    expect(turn.latestImage("cell-1")).not.toEqual(turn.latestImage("cell-2"));
    expect(turn.latestImage("cell-3")).toBeUndefined();
  });

  test("closing one producer's log leaves the turn's shared writer waiting for the others", async () => {
    const journal = new MemoryJournal();
    const turn = new ToolTraceTurn({ mintId: countingMinter(), journal });
    const a = deferred<ToolResult>();
    const call = turn.trace("cell-1").call("A", {}, () => a.promise);
    const late = textResult("y", { toolTrace: turn.trace("cell-1").drain("exec-1") });
    turn.log("cell-2").close();
    a.resolve(textResult("a done"));
    await call;
    await flush();
    journal.append("exec-1", "exec", late);
    await flush();
    expect(journal.result("exec-1")?.details?.toolTrace?.[0]).toMatchObject({ output: "a done" });
    expect(journal.result("exec-1")?.details?.toolTrace?.[0]).not.toHaveProperty("pending");
  });

  test("writes every producer's late settles into the journal; once closed, waits for no result", async () => {
    const journal = new MemoryJournal();
    const turn = new ToolTraceTurn({ mintId: countingMinter(), journal });
    const a = deferred<ToolResult>();
    const b = deferred<ToolResult>();
    const c = deferred<ToolResult>();
    const first = turn.trace("cell-1").call("A", {}, () => a.promise);
    const second = turn.trace("cell-2").call("B", {}, () => b.promise);
    const third = turn.trace("cell-3").call("C", {}, () => c.promise);
    const reported = (cell: string, callId: string) =>
      textResult("y", { toolTrace: turn.trace(cell).drain(callId) });
    journal.append("exec-1", "exec", reported("cell-1", "exec-1"));
    const late = reported("cell-2", "exec-2");
    journal.append("exec-3", "exec", reported("cell-3", "exec-3"));
    a.resolve(textResult("a done"));
    await first;
    await flush();
    turn.close();
    b.resolve(textResult("b done"));
    c.resolve(textResult("c done"));
    await Promise.all([second, third]);
    await flush();
    journal.append("exec-2", "exec", late);
    await flush();
    expect(journal.result("exec-1")?.details?.toolTrace?.[0]).not.toHaveProperty("pending");
    expect(journal.result("exec-2")?.details?.toolTrace?.[0]).toHaveProperty("pending", true);
    expect(journal.result("exec-3")?.details?.toolTrace?.[0]).toMatchObject({ output: "c done" });
    expect(journal.result("exec-3")?.details?.toolTrace?.[0]).not.toHaveProperty("pending");
  });
});
