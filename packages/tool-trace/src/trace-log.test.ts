import { type ToolResult, textResult } from "@elowen/plugin-api/tools";
import { describe, expect, test } from "vitest";
import { countingMinter, deferred, ManualClock, thrownBy } from "../test/fixtures.js";
import { TOOL_TRACE_ERROR_CODES, ToolTraceError } from "./errors.js";
import { ToolTraceLog } from "./trace-log.js";
import type { ToolTraceEvent } from "./types.js";

function setup() {
  const clock = new ManualClock();
  const mintId = countingMinter();
  const events: ToolTraceEvent[] = [];
  const log = new ToolTraceLog({
    producerId: "cell-1",
    mintId,
    clock,
    onEvent: (e) => events.push(e),
  });
  return { clock, mintId, events, log };
}

describe("a producer's sink", () => {
  test("passes the host-minted row id to the call as its call id and records the settled row", async () => {
    const { log, clock } = setup();
    const seen: string[] = [];
    const result = await log.sink.call("Bash", { command: "ls" }, async (rowId) => {
      seen.push(rowId);
      clock.advance(40);
      return textResult("a.txt\nb.txt");
    });
    expect(seen).toEqual(["row-1"]);
    expect(result).toEqual(textResult("a.txt\nb.txt"));
    expect(log.sink.drain("call-1")).toEqual([
      {
        id: "row-1",
        producerId: "cell-1",
        kind: "call",
        name: "Bash",
        args: { command: "ls" },
        output: "a.txt\nb.txt",
        startedAt: 1_700_000_000_000,
        durationMs: 40,
      },
    ]);
  });

  test("returns the worker's result untouched, details and images included", async () => {
    const { log } = setup();
    const original: ToolResult = {
      content: [{ type: "image", data: "aGk=", mimeType: "image/png" }],
      details: { custom: 1 },
    };
    expect(await log.sink.call("Desktop", {}, async () => original)).toBe(original);
  });

  test("adds notes as progress lines in order with the rows", async () => {
    const { log } = setup();
    log.sink.note("starting");
    await log.sink.call("Read", { path: "a" }, async () => textResult("x"));
    log.sink.note("done");
    expect(log.sink.drain("call-1").map((r) => [r.kind, r.text ?? r.name])).toEqual([
      ["note", "starting"],
      ["call", "Read"],
      ["note", "done"],
    ]);
  });

  test("hands each record out once: a later drain gets only what came after", async () => {
    const { log } = setup();
    await log.sink.call("A", {}, async () => textResult("a"));
    expect(log.sink.drain("call-1").map((r) => r.name)).toEqual(["A"]);
    expect(log.sink.drain("call-2")).toEqual([]);
    await log.sink.call("B", {}, async () => textResult("b"));
    expect(log.sink.drain("call-3").map((r) => r.name)).toEqual(["B"]);
  });

  test("reports a call still running as pending with its start, and never drains it again", async () => {
    const { log, clock } = setup();
    const running = deferred<ToolResult>();
    const call = log.sink.call("Bash", { command: "sleep 5" }, () => running.promise);
    expect(log.sink.drain("exec-1")).toEqual([
      {
        id: "row-1",
        producerId: "cell-1",
        kind: "call",
        name: "Bash",
        args: { command: "sleep 5" },
        pending: true,
        startedAt: 1_700_000_000_000,
      },
    ]);
    clock.advance(5000);
    running.resolve(textResult("slept"));
    await call;
    expect(log.sink.drain("wait-1")).toEqual([]);
    expect(log.records()[0]).toMatchObject({
      id: "row-1",
      durationMs: 5000,
      startedAt: 1_700_000_000_000,
    });
    expect(log.records()[0]).not.toHaveProperty("pending");
  });

  test("refuses to drain records into a reporting call twice, losing nothing", async () => {
    const { log } = setup();
    await log.sink.call("A", {}, async () => textResult("a"));
    log.sink.drain("call-1");
    await log.sink.call("B", {}, async () => textResult("b"));
    expect(thrownBy(() => log.sink.drain("call-1"))).toMatchObject({ code: "drain-repeated" });
    expect(log.sink.drain("call-2").map((r) => r.name)).toEqual(["B"]);
  });

  test("a call that throws settles as an error row and the error reaches the producer", async () => {
    const { log } = setup();
    await expect(
      log.sink.call("Bash", {}, async () => {
        throw new Error("exit 1");
      }),
    ).rejects.toThrow("exit 1");
    expect(log.sink.drain("call-1")[0]).toMatchObject({ isError: true, output: "exit 1" });
  });

  test.each([
    ["nothing", undefined, "result: expected an object { content }, received undefined"],
    ["a string", "done", "result: expected an object { content }, received string"],
    ["no content", { details: {} }, "result.content: expected an array"],
    ["a broken block", { content: [{ type: "text" }] }, "result.content[0]: expected"],
    ["array details", { content: [], details: [] }, "result.details: expected an object"],
    ["a string isError", { content: [], isError: "yes" }, "result.isError: expected a boolean"],
  ])(
    "a tool that resolves with %s settles its row as an error instead of leaving it running",
    async (_, value, reason) => {
      const { log, events } = setup();
      const result = await log.sink.call("Plugin", {}, async () => value as never);
      expect(result).toMatchObject({
        isError: true,
        content: [{ type: "text", text: expect.stringContaining(reason) }],
      });
      expect(log.sink.drain("call-1")).toEqual([
        expect.objectContaining({
          id: "row-1",
          isError: true,
          output: expect.stringContaining(`Plugin returned a malformed result: ${reason}`),
        }),
      ]);
      expect(events.map((e) => e.type)).toEqual(["row-opened", "row-settled"]);
    },
  );

  test("a well-formed result with text and image blocks is not taken for a malformed one", async () => {
    const { log } = setup();
    const result = {
      content: [
        { type: "text" as const, text: "a" },
        { type: "image" as const, data: "aGk=", mimeType: "image/png" },
      ],
      details: { n: 1 },
      isError: false,
    };
    expect(await log.sink.call("Desktop", {}, async () => result)).toBe(result);
  });

  test.each([
    ["", false],
    ["T".repeat(128), true],
    ["T".repeat(129), false],
  ])("a tool name of %j characters is accepted: %s", async (name, ok) => {
    const { log } = setup();
    const call = log.sink.call(name, {}, async () => textResult("x"));
    if (ok) await expect(call).resolves.toBeDefined();
    else await expect(call).rejects.toBeInstanceOf(ToolTraceError);
  });

  test("every error code is a refusal the log really makes, with a message naming what broke", async () => {
    const codeOf = async (act: () => unknown): Promise<[string, string]> => {
      try {
        await act();
      } catch (error) {
        if (error instanceof ToolTraceError) return [error.code, error.message];
        throw error;
      }
      throw new Error("expected a ToolTraceError");
    };
    const { log } = setup();
    await log.sink.call("A", {}, async () => textResult("a"));
    log.sink.drain("call-1");
    log.sink.note("after");
    const repeating = new ToolTraceLog({ producerId: "cell-2", mintId: () => "same" });
    repeating.sink.note("first");
    const found = [
      await codeOf(() => new ToolTraceLog({ producerId: "", mintId: countingMinter() })),
      await codeOf(() => repeating.sink.note("second")),
      await codeOf(() => log.sink.call("", {}, async () => textResult("x"))),
      await codeOf(() => log.sink.drain("")),
      await codeOf(() => log.sink.drain("call-1")),
      await codeOf(() => log.update("row-9", textResult("x"))),
    ];
    expect(found.map(([code]) => code)).toEqual([...TOOL_TRACE_ERROR_CODES]);
    expect(found.map(([, message]) => message)).toEqual([
      expect.stringContaining("producerId"),
      expect.stringContaining('"same" twice'),
      expect.stringContaining("tool name"),
      expect.stringContaining("reporting call"),
      expect.stringContaining('"call-1"'),
      expect.stringContaining('"row-9"'),
    ]);
  });

  test("refuses a producer id of 129 characters", () => {
    expect(
      () => new ToolTraceLog({ producerId: "p".repeat(129), mintId: countingMinter() }),
    ).toThrow(ToolTraceError);
  });

  test("publishes opened, then settled, for each admitted call", async () => {
    const { log, events } = setup();
    await log.sink.call("Read", {}, async () => textResult("x"));
    expect(events.map((e) => `${e.type}:${e.record.id}`)).toEqual([
      "row-opened:row-1",
      "row-settled:row-1",
    ]);
  });

  test("a running row's output tail is recorded and published while it runs", async () => {
    const { log, events } = setup();
    const running = deferred<ToolResult>();
    const call = log.sink.call("Bash", {}, () => running.promise);
    log.update("row-1", textResult("line 1\nline 2"));
    expect(events.at(-1)).toEqual({
      type: "row-updated",
      record: expect.objectContaining({ id: "row-1", pending: true, output: "line 1\nline 2" }),
    });
    expect(log.sink.drain("exec-1")[0]?.output).toBe("line 1\nline 2");
    running.resolve(textResult("line 1\nline 2\nline 3"));
    await call;
    expect(log.records()[0]?.output).toBe("line 1\nline 2\nline 3");
  });

  test("a live listener that throws does not undo or block the record", async () => {
    const problems: string[] = [];
    const log = new ToolTraceLog({
      producerId: "cell-1",
      mintId: countingMinter(),
      onEvent: () => {
        throw new Error("socket closed");
      },
      onProblem: (message) => problems.push(message),
    });
    await log.sink.call("Read", {}, async () => textResult("x"));
    expect(log.sink.drain("exec-1").map((r) => r.id)).toEqual(["row-1"]);
    expect(problems).toEqual([
      "trace event listener threw: socket closed",
      "trace event listener threw: socket closed",
    ]);
  });
});
