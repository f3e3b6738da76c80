import type { PermissionRecord, QuestionAnswerRecord } from "@elowen/plugin-api/questions";
import { errorResult, textResult } from "@elowen/plugin-api/tools";
import type { ToolTraceRecord } from "@elowen/plugin-api/trace";
import { describe, expect, test } from "vitest";
import { countSuccessfulCalls } from "./finished-calls.js";
import { LiveToolRows } from "./live-rows.js";
import { projectToolRows } from "./project-rows.js";
import type { ToolCallEntry } from "./rows.js";

const call = (id: string, extra: Partial<ToolTraceRecord> = {}): ToolTraceRecord => ({
  id,
  producerId: "cell-1",
  kind: "call",
  name: "Read",
  ...extra,
});
const note = (id: string, text: string, extra: Partial<ToolTraceRecord> = {}): ToolTraceRecord => ({
  id,
  producerId: "cell-1",
  kind: "note",
  text,
  ...extra,
});
const exec = (
  callId: string,
  toolTrace: unknown[],
  extra: Record<string, unknown> = {},
): ToolCallEntry => ({
  callId,
  name: "exec",
  args: { code: "..." },
  result: textResult("cell output", { toolTrace: toolTrace as ToolTraceRecord[], ...extra }),
});
const answered: QuestionAnswerRecord = {
  questions: [
    {
      question: "Allow Bash to run?",
      header: "Permission",
      selected: ["Allow once"],
      outcome: "once",
      approval: { tool: "Bash", summary: "rm -rf build" },
    },
  ],
};
const ids = (entries: ToolCallEntry[]) => projectToolRows(entries).map((r) => r.id);

describe("the row projection", () => {
  test("a direct call that recorded nothing keeps its own row, with PI's duration", () => {
    expect(
      projectToolRows([
        {
          callId: "c1",
          name: "Bash",
          args: { command: "ls" },
          result: textResult("a"),
          durationMs: 12,
        },
      ]),
    ).toEqual([
      {
        id: "c1",
        kind: "call",
        source: "direct",
        depth: 0,
        name: "Bash",
        status: "done",
        args: { command: "ls" },
        output: "a",
        durationMs: 12,
        images: [],
      },
    ]);
  });

  test("a running direct call is drawn running, without a duration", () => {
    expect(projectToolRows([{ callId: "c1", name: "Bash", startedAt: 5 }])[0]).toMatchObject({
      status: "running",
      startedAt: 5,
    });
    expect(projectToolRows([{ callId: "c1", name: "Bash" }])[0]).not.toHaveProperty("durationMs");
  });

  test("draws the reported records in place of the reporting call, then its own row", () => {
    expect(ids([exec("e1", [note("n1", "starting"), call("r1"), call("r2")])])).toEqual([
      "n1",
      "r1",
      "r2",
      "e1",
    ]);
    expect(projectToolRows([exec("e1", [call("r1")])])[0]).toMatchObject({
      source: "nested",
      reportedBy: "e1",
      producerId: "cell-1",
    });
  });

  test("ownRow: false draws no own row and no progress notes, but keeps nested calls and the truncation note", () => {
    const truncated = note("t", "Trace truncated", { truncated: { records: 3, bytes: 90 } });
    expect(
      ids([exec("w1", [note("n1", "waiting"), call("r1"), truncated], { ownRow: false })]),
    ).toEqual(["r1", "t"]);
  });

  test("ownRow: false on a call that recorded nothing draws no row at all", () => {
    expect(ids([exec("w1", [], { ownRow: false })])).toEqual([]);
  });

  test("a call that recorded nothing and did not set ownRow keeps its own row", () => {
    expect(ids([exec("e1", [])])).toEqual(["e1"]);
  });

  test("a failed exec keeps its own row beside its records, so the error has somewhere to live", () => {
    const entry: ToolCallEntry = {
      callId: "e1",
      name: "exec",
      result: errorResult("SyntaxError", { toolTrace: [call("r1")] }),
    };
    expect(projectToolRows([entry]).map((r) => [r.id, r.status])).toEqual([
      ["r1", "done"],
      ["e1", "error"],
    ]);
  });

  test("pending records are running rows with their start and no duration; errors are error rows", () => {
    const rows = projectToolRows([
      exec("e1", [
        call("r1", { pending: true, startedAt: 10 }),
        call("r2", { isError: true, output: "exit 1" }),
      ]),
    ]);
    expect(rows[0]).toMatchObject({ status: "running", startedAt: 10 });
    expect(rows[0]).not.toHaveProperty("durationMs");
    expect(rows[1]).toMatchObject({ status: "error", output: "exit 1" });
  });

  test("nests records by parentId within a trace", () => {
    const rows = projectToolRows([
      exec("e1", [
        call("a"),
        call("b", { parentId: "a" }),
        call("c", { parentId: "b" }),
        call("d", { parentId: "elsewhere" }),
      ]),
    ]);
    expect(rows.map((r) => [r.id, r.depth])).toEqual([
      ["a", 0],
      ["b", 1],
      ["c", 2],
      ["d", 0],
      ["e1", 0],
    ]);
  });

  test("shows an answer record beside the output, on direct and nested rows", () => {
    const direct = projectToolRows([
      { callId: "c1", name: "Bash", result: textResult("removed", { questionAnswer: answered }) },
    ])[0];
    expect(direct).toMatchObject({
      output: "removed",
      answer: { status: "valid", record: answered },
    });
    const nested = projectToolRows([
      exec("e1", [call("r1", { questionAnswer: answered, output: "removed" })]),
    ])[0];
    expect(nested).toMatchObject({
      output: "removed",
      answer: { status: "valid", record: answered },
    });
  });

  test("a malformed answer record fails validation with its reason, beside an intact row", () => {
    const [row] = projectToolRows([
      exec("e1", [{ ...call("r1", { output: "x" }), questionAnswer: { questions: [] } }]),
    ]);
    expect(row).toMatchObject({
      id: "r1",
      status: "done",
      output: "x",
      answer: { status: "invalid", reason: expect.stringContaining("questions") },
    });
    const direct = projectToolRows([
      { callId: "c1", name: "Bash", result: textResult("x", { questionAnswer: "yes" } as never) },
    ])[0];
    expect(direct?.answer).toEqual({
      status: "invalid",
      reason: "details.questionAnswer: expected an object { questions }",
    });
  });

  test("a stored record too broken to read becomes an invalid row with the reason", () => {
    const [row] = projectToolRows([exec("e1", [{ id: "r1", kind: "spell" }])]);
    expect(row).toMatchObject({
      id: "r1",
      kind: "invalid",
      status: "error",
      problem: expect.stringContaining("producerId"),
    });
  });

  test("a direct ShowView result keeps its view beside its answer record", () => {
    const result = textResult("clicked", {
      view: { kind: "form" },
      viewId: "v1",
      questionAnswer: answered,
    });
    expect(projectToolRows([{ callId: "c1", name: "ShowView", result }])[0]).toMatchObject({
      view: { kind: "form" },
      viewId: "v1",
      answer: { status: "valid" },
    });
  });

  test("keeps images, shares and historical views on nested rows", () => {
    const image = { hash: "a".repeat(64), mimeType: "image/png", bytes: 3 };
    const sharedFile = {
      hash: "b".repeat(64),
      mimeType: "text/plain",
      bytes: 9,
      filename: "r.txt",
    };
    const [shot, share, view] = projectToolRows([
      exec("e1", [
        call("r1", { images: [image], imageOrder: 1, imageTimestamp: 5 }),
        call("r2", { name: "ShareFile", sharedFile }),
        call("r3", { name: "ShowView", view: { kind: "table" }, viewId: "v1" }),
      ]),
    ]);
    expect(shot?.images).toEqual([image]);
    expect(share?.sharedFile).toEqual(sharedFile);
    expect(view).toMatchObject({ view: { kind: "table" }, viewId: "v1" });
  });
});

describe("live rows", () => {
  test("float until their reporting result arrives, then move into its place", () => {
    const rows = new LiveToolRows();
    rows.apply({ type: "tool-start", callId: "e1", name: "exec" });
    rows.apply({ type: "row-opened", record: call("r1", { pending: true, startedAt: 1 }) });
    expect(rows.rows().map((r) => [r.id, r.status, r.reportedBy ?? null])).toEqual([
      ["e1", "running", null],
      ["r1", "running", null],
    ]);
    rows.apply({
      type: "row-settled",
      record: call("r1", { startedAt: 1, durationMs: 4, output: "x" }),
    });
    rows.apply({
      type: "tool-end",
      callId: "e1",
      result: textResult("done", {
        toolTrace: [call("r1", { startedAt: 1, durationMs: 4, output: "x" })],
      }),
    });
    expect(rows.rows().map((r) => [r.id, r.status, r.reportedBy ?? null])).toEqual([
      ["r1", "done", "e1"],
      ["e1", "done", null],
    ]);
  });

  test("a settle that overtakes the result it lands in wins over the pending snapshot", () => {
    const rows = new LiveToolRows();
    rows.apply({ type: "tool-start", callId: "e1", name: "exec" });
    rows.apply({ type: "row-opened", record: call("r1", { pending: true }) });
    rows.apply({
      type: "row-settled",
      record: call("r1", { output: "finished" }),
      reportedIn: "e1",
    });
    rows.apply({
      type: "tool-end",
      callId: "e1",
      result: textResult("yielded", { toolTrace: [call("r1", { pending: true })] }),
    });
    expect(rows.rows()[0]).toMatchObject({ id: "r1", status: "done", output: "finished" });
  });
});

describe("countSuccessfulCalls (what the skill reviewer counts)", () => {
  test("counts finished, successful, permitted calls, direct and nested, and nothing else", () => {
    const denied: QuestionAnswerRecord = {
      questions: [
        { ...(answered.questions[0] as PermissionRecord), selected: ["Deny"], outcome: "deny" },
      ],
    };
    const entries: ToolCallEntry[] = [
      exec("e1", [
        call("ok"),
        call("running", { pending: true }),
        call("failed", { isError: true }),
        call("denied", { questionAnswer: denied }),
        note("n", "x"),
      ]),
      { callId: "c2", name: "Bash", result: errorResult("exit 1") },
      { callId: "c3", name: "Bash" },
      { callId: "c4", name: "Bash", result: errorResult("denied", { questionAnswer: denied }) },
      { callId: "c5", name: "Bash", result: textResult("ok", { questionAnswer: answered }) },
      exec("w1", [call("ok-2")], { ownRow: false }),
    ];
    expect(countSuccessfulCalls(entries)).toBe(4);
  });
});
