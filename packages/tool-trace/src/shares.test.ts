import {
  MAX_SHARES_PER_TURN,
  MAX_TRACE_BYTES,
  SHARE_CAPTION_CHARS,
} from "@elowen/plugin-api/limits";
import { type ToolResult, textResult } from "@elowen/plugin-api/tools";
import { permissionRecord, withPermission } from "@elowen/question-answer";
import { describe, expect, test } from "vitest";
import { countingMinter, deferred, fillTo, ManualClock } from "../test/fixtures.js";
import { fileShare, imageShare, runShareTool } from "../test/share-tool.js";
import { jsonBytes } from "./json-size.js";
import type { ToolTraceLog } from "./trace-log.js";
import { ToolTraceTurn } from "./turn.js";

const instant = { readBytes: async () => {}, commitOwnership: async () => {} };

const minter = countingMinter();
function setup() {
  minter.minted.length = 0;
  const turn = new ToolTraceTurn({ mintId: minter, clock: new ManualClock() });
  const log = turn.log("cell-1");
  return { turn, log };
}
const fillBelow = (log: ToolTraceLog, free: number) => fillTo(log, minter, free);

/** Opens a running call and hands back its row id and the means to finish it. */
function running(log: ToolTraceLog, name = "ShareFile") {
  const done = deferred<ToolResult>();
  let rowId = "";
  const call = log.sink.call(name, {}, (id) => {
    rowId = id;
    return done.promise;
  });
  return { rowId, done, call };
}

describe("reserveShare", () => {
  test("requires an admitted, running row", async () => {
    const { turn, log } = setup();
    expect(turn.reserveShare("no-such-row", fileShare(1))).toMatchObject({
      ok: false,
      code: "row-not-admitted",
    });
    await log.sink.call("Read", {}, async () => textResult("x"));
    expect(log.reserveShare("row-1", fileShare(1))).toMatchObject({
      ok: false,
      code: "row-settled",
    });
    for (let i = 0; i < 99; i++) log.sink.note(`n${i}`);
    const shadow = running(log);
    expect(log.reserveShare(shadow.rowId, fileShare(1))).toMatchObject({
      ok: false,
      code: "row-not-admitted",
    });
    expect(turn.shares.held).toBe(0);
  });

  test(`accepts a caption of ${SHARE_CAPTION_CHARS} characters and refuses ${SHARE_CAPTION_CHARS + 1}, naming the field`, () => {
    const { log } = setup();
    const a = running(log);
    expect(log.reserveShare(a.rowId, imageShare(1, "c".repeat(SHARE_CAPTION_CHARS))).ok).toBe(true);
    const b = running(log);
    const refused = log.reserveShare(b.rowId, imageShare(2, "c".repeat(SHARE_CAPTION_CHARS + 1)));
    expect(refused).toMatchObject({
      ok: false,
      code: "invalid-share",
      message: expect.stringMatching(/^sharedImage\.caption: /),
    });
  });

  test.each([
    ["both kinds at once", { ...fileShare(1), ...imageShare(1) }],
    ["an extra field", { ...fileShare(1), path: "/tmp/x" }],
    ["a hash that is not SHA-256", { sharedFile: { ...fileShare(1).sharedFile, hash: "abc" } }],
    ["a file without a name", { sharedFile: { ...fileShare(1).sharedFile, filename: undefined } }],
    ["nothing", {}],
  ])("parses strictly: refuses %s", (_, details) => {
    const { log } = setup();
    const row = running(log);
    expect(log.reserveShare(row.rowId, details)).toMatchObject({
      ok: false,
      code: "invalid-share",
    });
  });

  test("reserves synchronously, and the reserved bytes count against new rows and notes", async () => {
    const { log } = setup();
    const share = running(log);
    fillBelow(log, 400);
    const before = log.usage();
    const reserved = log.reserveShare(share.rowId, fileShare(1));
    expect(reserved.ok).toBe(true);
    const held = log.usage().reservedBytes;
    expect(held).toBeGreaterThan(0);
    const free = MAX_TRACE_BYTES - before.bytes - held;
    log.sink.note("x".repeat(Math.max(0, free - 40)));
    expect(log.usage().droppedRows).toBe(1);
  });

  test("settling with the reserved details consumes the reservation and records the delivery", async () => {
    const { turn, log } = setup();
    const result = await log.sink.call("ShareFile", {}, (rowId) =>
      runShareTool((d) => turn.reserveShare(rowId, d), fileShare(1), instant),
    );
    expect(result.isError).toBeUndefined();
    expect(log.records()[0]).toMatchObject({
      name: "ShareFile",
      sharedFile: fileShare(1).sharedFile,
    });
    expect({
      spent: turn.shares.spent,
      held: turn.shares.held,
      reserved: log.usage().reservedBytes,
    }).toEqual({ spent: 1, held: 0, reserved: 0 });
  });

  test("delivers in order: bytes, trace admission, durable ownership, success, live event", async () => {
    const steps: string[] = [];
    const turn = new ToolTraceTurn({
      mintId: countingMinter(),
      clock: new ManualClock(),
      onEvent: (event) => {
        if (event.type === "row-settled" && event.record.sharedFile) steps.push("live event");
      },
    });
    const log = turn.log("cell-1");
    const result = await log.sink.call("ShareFile", {}, async (rowId) => {
      const shared = await runShareTool(
        (details) => {
          const reserved = turn.reserveShare(rowId, details);
          steps.push(`trace admission ${reserved.ok}, ${log.usage().reservedBytes > 0}`);
          return reserved;
        },
        fileShare(1),
        {
          readBytes: async () => {
            steps.push("bytes");
          },
          commitOwnership: async () => {
            steps.push(`ownership, ${turn.shares.held} held`);
          },
        },
      );
      steps.push(`success ${!shared.isError}`);
      return shared;
    });
    expect(result.details).toEqual(fileShare(1));
    expect(steps).toEqual([
      "bytes",
      "trace admission true, true",
      "ownership, 1 held",
      "success true",
      "live event",
    ]);
    expect({ spent: turn.shares.spent, held: turn.shares.held }).toEqual({ spent: 1, held: 0 });
  });

  test("a failure releases the reservation but keeps the errored row", async () => {
    const { turn, log } = setup();
    const result = await log.sink.call("ShareFile", {}, (rowId) =>
      runShareTool((d) => turn.reserveShare(rowId, d), fileShare(1), {
        readBytes: async () => {},
        commitOwnership: async () => {
          throw new Error("commit failed");
        },
      }),
    );
    expect(result.isError).toBe(true);
    expect(log.records()[0]).toMatchObject({
      isError: true,
      output: "share failed: commit failed",
    });
    expect(log.records()[0]).not.toHaveProperty("sharedFile");
    expect({
      spent: turn.shares.spent,
      held: turn.shares.held,
      reserved: log.usage().reservedBytes,
    }).toEqual({ spent: 0, held: 0, reserved: 0 });
  });

  test("reserves with exactly the delivery's bytes free, refuses one byte short, and holds them until released", () => {
    const probe = setup();
    const probed = running(probe.log);
    expect(probe.log.reserveShare(probed.rowId, fileShare(1)).ok).toBe(true);
    const need = probe.log.usage().reservedBytes;
    expect(need).toBeGreaterThan(0);

    const short = setup();
    const refused = running(short.log);
    fillBelow(short.log, need - 1);
    expect(short.log.reserveShare(refused.rowId, fileShare(1))).toMatchObject({
      ok: false,
      code: "budget",
      message: `the producer's trace has ${need - 1} bytes free; the delivery record needs ${need}`,
    });
    expect({ held: short.turn.shares.held, reserved: short.log.usage().reservedBytes }).toEqual({
      held: 0,
      reserved: 0,
    });

    const exact = setup();
    const share = running(exact.log);
    fillBelow(exact.log, need);
    const reserved = exact.log.reserveShare(share.rowId, fileShare(1));
    if (!reserved.ok) throw new Error(reserved.message);
    expect(exact.log.usage().reservedBytes).toBe(need);
    // A note costing exactly the reserved bytes: refused while they are held, admitted once released.
    const noteOf = (cost: number) => {
      const id = `row-${minter.minted.length + 1}`;
      const overhead = jsonBytes({ id, producerId: "cell-1", kind: "note", text: "" });
      return "n".repeat(cost - overhead);
    };
    exact.log.sink.note(noteOf(need));
    expect(exact.log.usage().droppedRows).toBe(1);
    reserved.reservation.release();
    expect(exact.turn.shares.held).toBe(0);
    const rows = exact.log.usage().rows;
    exact.log.sink.note(noteOf(need));
    expect(exact.log.usage()).toMatchObject({ rows: rows + 1, droppedRows: 1, reservedBytes: 0 });
    expect(MAX_TRACE_BYTES - exact.log.usage().bytes).toBe(0);
  });

  test("a budget refusal comes before ownership and spends no allowance", async () => {
    const { turn, log } = setup();
    const share = running(log);
    fillBelow(log, 20);
    let owned = false;
    share.done.resolve(
      await runShareTool((d) => turn.reserveShare(share.rowId, d), fileShare(1), {
        readBytes: async () => {},
        commitOwnership: async () => {
          owned = true;
        },
      }),
    );
    const returned = await share.call;
    expect(owned).toBe(false);
    expect(returned.content[0]).toEqual({
      type: "text",
      text: expect.stringMatching(
        /^share refused: the producer's trace has \d+ bytes free; the delivery record needs \d+$/,
      ),
    });
    expect(log.records()[0]).toMatchObject({ isError: true });
    expect({ spent: turn.shares.spent, held: turn.shares.held }).toEqual({ spent: 0, held: 0 });
  });

  test("an explicit delivery without a reservation that does not fit is an error, never a claimed delivery", async () => {
    const { turn, log } = setup();
    const share = running(log);
    fillBelow(log, 20);
    share.done.resolve(textResult("shared", fileShare(1)));
    const returned = await share.call;
    expect(returned).toEqual({
      content: [
        {
          type: "text",
          text: "share not delivered: the trace budget has no room for its delivery record",
        },
      ],
      isError: true,
    });
    expect(log.records()[0]).not.toHaveProperty("sharedFile");
    expect(turn.shares.spent).toBe(0);
  });

  test("an explicit delivery without a reservation that fits is recorded and spends a place", async () => {
    const { turn, log } = setup();
    await log.sink.call("ShareImage", {}, async () => textResult("shared", imageShare(1)));
    expect(log.records()[0]).toMatchObject({ sharedImage: imageShare(1).sharedImage });
    expect(turn.shares.spent).toBe(1);
  });

  test("a display upgrade cannot spend reserved bytes", async () => {
    const { log } = setup();
    const share = running(log);
    const other = running(log, "Bash");
    fillBelow(log, 3000);
    expect(log.reserveShare(share.rowId, fileShare(1)).ok).toBe(true);
    other.done.resolve(textResult("o".repeat(3900)));
    await other.call;
    const usage = log.usage();
    expect(usage.bytes + usage.reservedBytes).toBeLessThanOrEqual(MAX_TRACE_BYTES);
    share.done.resolve(textResult("shared", fileShare(1)));
    await share.call;
    expect(log.records()[0]).toMatchObject({ sharedFile: fileShare(1).sharedFile });
  });

  test("an answer record that overruns the budget cannot revoke an admitted share", async () => {
    const { turn, log } = setup();
    const share = running(log);
    fillBelow(log, 2000);
    expect(log.reserveShare(share.rowId, fileShare(1)).ok).toBe(true);
    const decision = permissionRecord({ outcome: "once", tool: "Bash", summary: "x".repeat(3000) });
    if (!decision.ok) throw new Error(decision.problem.message);
    await log.sink.call("Bash", {}, async () => withPermission(textResult("ok"), decision.value));
    expect(MAX_TRACE_BYTES - log.usage().bytes).toBeLessThan(0);
    share.done.resolve(textResult("shared", fileShare(1)));
    expect((await share.call).isError).toBeUndefined();
    expect(log.records()[0]).toMatchObject({ sharedFile: fileShare(1).sharedFile });
    expect(turn.shares.spent).toBe(1);
  });

  test(`at most ${MAX_SHARES_PER_TURN} shares succeed in a turn, across producers`, async () => {
    const { turn } = setup();
    const results: ToolResult[] = [];
    for (let i = 0; i < MAX_SHARES_PER_TURN + 1; i++) {
      const log = turn.log(`cell-${i % 2}`);
      results.push(
        await log.sink.call("ShareFile", {}, (rowId) =>
          runShareTool((d) => turn.reserveShare(rowId, d), fileShare(i), instant),
        ),
      );
    }
    expect(results.map((r) => r.isError ?? false)).toEqual([false, false, false, false, true]);
    expect(results[MAX_SHARES_PER_TURN]?.content[0]).toEqual({
      type: "text",
      text: `share refused: at most ${MAX_SHARES_PER_TURN} shares succeed in one turn`,
    });
    expect(turn.shares.spent).toBe(MAX_SHARES_PER_TURN);
  });
});
