import { projectToolRows } from "@elowen/tool-trace";
import { historyToolCalls } from "@elowen/wire";
import { describe, expect, test } from "vitest";
import { turnId, Wire } from "../../test/fixtures/wire.js";
import { MAX_NOTICES, TranscriptModel } from "./transcript.js";

const T1 = turnId(1);
const T2 = turnId(2);
const model = { provider: "offline", id: "offline", label: "Offline model", offline: true };

function execTurn(wire: Wire) {
  const records = [
    wire.record("row-1", { startedAt: 1, durationMs: 300, output: "a.txt" }),
    wire.record("row-2", {
      parentId: "row-1",
      name: "Read",
      args: { path: "a.txt" },
      startedAt: 2,
      durationMs: 5,
    }),
    { id: "note-1", producerId: "cell-1", kind: "note" as const, text: "listing files" },
  ];
  const entries = [
    wire.user(T1, "list the files"),
    wire.assistant(T1, 0, [
      { type: "text", text: "Looking." },
      {
        type: "toolCall",
        id: "call-exec",
        name: "exec",
        arguments: { script: "await tools.Bash({command:'ls'})" },
      },
    ]),
    wire.toolResult(T1, "call-exec", "exec", "Cell 1 finished", { toolTrace: records }),
    wire.assistant(T1, 1, [{ type: "text", text: "There is **a.txt**." }]),
    wire.turnEnd(T1),
  ];
  return { entries, records };
}

describe("TranscriptModel from history", () => {
  test("draws a turn: the prompt, each response's text, and tool rows in the calling response's place", () => {
    const wire = new Wire();
    const { entries } = execTurn(wire);
    const m = new TranscriptModel();
    m.addEntries(entries);
    const [turn] = m.view().turns;
    expect(turn?.user?.text).toBe("list the files");
    expect(turn?.steps.map((s) => s.blocks.map((b) => b.text))).toEqual([
      ["Looking."],
      ["There is **a.txt**."],
    ]);
    expect(turn?.steps[0]?.rows.map((r) => [r.id, r.kind, r.depth, r.status])).toEqual([
      ["row-1", "call", 0, "done"],
      ["row-2", "call", 1, "done"],
      ["note-1", "note", 0, "done"],
      ["call-exec", "call", 0, "done"],
    ]);
    expect(turn?.steps[1]?.rows).toEqual([]);
    expect(turn?.end).toMatchObject({ reason: "answer", durationMs: 5000 });
    expect(turn?.running).toBe(false);
  });

  test("draws exactly the rows the shared projection (the CLI's) draws from the same history", () => {
    const wire = new Wire();
    const { entries } = execTurn(wire);
    const m = new TranscriptModel();
    m.addEntries(entries);
    const drawn = m.view().turns.flatMap((t) => [...t.steps.flatMap((s) => s.rows), ...t.floating]);
    expect(drawn).toEqual(projectToolRows(historyToolCalls(entries)));
  });

  test("draws only the nested rows of a call that declares ownRow: false, without its progress notes", () => {
    const wire = new Wire();
    const m = new TranscriptModel();
    m.addEntries(
      wire.execTurn(
        T1,
        {
          ownRow: false,
          toolTrace: [
            wire.record("r1"),
            { id: "n1", producerId: "cell-1", kind: "note", text: "step" },
          ],
        },
        "c1",
      ),
    );
    expect(m.view().turns[0]?.steps[0]?.rows.map((r) => r.id)).toEqual(["r1"]);
  });

  test("keeps an answer record beside its row, and a malformed record with the reason it failed", () => {
    const wire = new Wire();
    const valid = {
      questions: [{ question: "Pick", header: "Color", selected: ["Red"], outcome: "answered" }],
    };
    const m = new TranscriptModel();
    m.addEntries(wire.answeredTurn(T1, "AskUserQuestion", [valid, { questions: [] }]));
    const [first, second] = m.view().turns[0]?.steps[0]?.rows ?? [];
    expect(first?.answer).toEqual({ status: "valid", record: valid });
    expect(second?.answer?.status).toBe("invalid");
    expect(second?.answer?.status === "invalid" && second.answer.reason).toMatch(/questions/);
  });

  test("draws an entry that arrives twice (a history page and an entries event) once", () => {
    const wire = new Wire();
    const user = wire.user(T1, "hello");
    const m = new TranscriptModel();
    m.addEntries([user]);
    m.apply(wire.entries(user));
    expect(m.view().turns).toHaveLength(1);
    expect(m.view().entryCount).toBe(1);
  });

  test("keeps turns and entries in seq order whatever order the pages arrive in", () => {
    const wire = new Wire();
    const older = [wire.user(T1, "first"), wire.assistant(T1, 0, [{ type: "text", text: "one" }])];
    const newer = [wire.user(T2, "second"), wire.assistant(T2, 0, [{ type: "text", text: "two" }])];
    const m = new TranscriptModel();
    m.addEntries(newer);
    m.addEntries(older);
    expect(m.view().turns.map((t) => t.user?.text)).toEqual(["first", "second"]);
  });

  test("restores the running turn and its open prompts from the session state after a reload", () => {
    const wire = new Wire();
    const m = new TranscriptModel();
    m.addEntries([wire.user(T1, "go")]);
    m.applyState({
      running: { turnId: T1, origin: { kind: "composer" }, startedAt: 1000 },
      queued: [],
      questions: [
        {
          questionId: `q_${"a".repeat(20)}`,
          turnId: T1,
          plugin: "askuser",
          questions: [
            { question: "Which?", header: "Pick", options: [{ label: "A" }, { label: "B" }] },
          ],
          expiresAt: 9999,
        },
      ],
      permissions: [],
    });
    const [turn] = m.view().turns;
    expect(turn?.running).toBe(true);
    expect(turn?.startedAt).toBe(1000);
    expect(turn?.questions.map((q) => q.plugin)).toEqual(["askuser"]);
  });
});

describe("TranscriptModel live", () => {
  test("streams text into the response and replaces it with the committed entry of the same id", () => {
    const wire = new Wire();
    const m = new TranscriptModel();
    const entryId = `e_${"s".repeat(20)}`;
    m.apply(
      wire.event("turn_started", { turnId: T1, origin: { kind: "composer" }, startedAt: 5, model }),
    );
    m.apply(wire.event("assistant_started", { turnId: T1, entryId, step: 0, model, startedAt: 6 }));
    m.apply(
      wire.event("assistant_delta", { turnId: T1, entryId, block: 0, kind: "text", text: "Hel" }),
    );
    m.apply(
      wire.event("assistant_delta", { turnId: T1, entryId, block: 0, kind: "text", text: "lo" }),
    );
    expect(m.view().turns[0]?.steps).toMatchObject([
      { entryId, streaming: true, blocks: [{ text: "Hello" }] },
    ]);
    m.apply(wire.entries(wire.assistant(T1, 0, [{ type: "text", text: "Hello!" }], {}, entryId)));
    m.apply(
      wire.event("assistant_delta", { turnId: T1, entryId, block: 0, kind: "text", text: " late" }),
    );
    expect(m.view().turns[0]?.steps).toMatchObject([
      { entryId, streaming: false, blocks: [{ text: "Hello!" }] },
    ]);
    expect(m.view().turns[0]?.steps).toHaveLength(1);
  });

  test("applies each event id once: a replayed event changes nothing", () => {
    const wire = new Wire();
    const m = new TranscriptModel();
    const entryId = `e_${"s".repeat(20)}`;
    const delta = wire.event("assistant_delta", {
      turnId: T1,
      entryId,
      block: 0,
      kind: "text",
      text: "ab",
    });
    expect(m.apply(delta)).toBe(true);
    expect(m.apply(delta)).toBe(false);
    expect(m.view().turns[0]?.steps[0]?.blocks[0]?.text).toBe("ab");
  });

  test("takes events again from a restarted daemon (another boot id), whose counter starts over", () => {
    const before = new Wire("aaaa");
    const after = new Wire("bbbb");
    const m = new TranscriptModel();
    for (let i = 0; i < 3; i++)
      m.apply(before.event("notice", { level: "info", text: `old ${i}` }));
    expect(m.apply(after.event("notice", { level: "info", text: "new" }))).toBe(true);
    expect(m.view().notices.at(-1)?.text).toBe("new");
  });

  test("skips an event of a type or shape it does not know, and keeps going", () => {
    const m = new TranscriptModel();
    expect(m.apply({ id: "b.1", type: "hologram", data: {} })).toBe(false);
    expect(m.apply({ id: "b.2", type: "notice", data: { level: "loud" } })).toBe(false);
    expect(m.apply({ id: "b.3", type: "notice", data: { level: "info", text: "ok" } })).toBe(true);
  });

  test("runs a direct call with its start and output tail, then settles the same row in place", () => {
    const wire = new Wire();
    const m = new TranscriptModel();
    const assistant = wire.assistant(T1, 0, [
      { type: "toolCall", id: "call-1", name: "bash", arguments: { command: "make" } },
    ]);
    m.apply(wire.entries(wire.user(T1, "build"), assistant));
    m.apply(
      wire.event("tool_started", {
        turnId: T1,
        entryId: assistant.id,
        callId: "call-1",
        name: "bash",
        args: { command: "make" },
        startedAt: 1_000,
      }),
    );
    m.apply(wire.event("tool_updated", { turnId: T1, callId: "call-1", output: "compiling…" }));
    const running = m.view().turns[0]?.steps[0]?.rows[0];
    expect(running).toMatchObject({
      id: "call-1",
      status: "running",
      startedAt: 1_000,
      tail: "compiling…",
    });
    expect(running?.durationMs).toBeUndefined();
    const result = wire.toolResult(T1, "call-1", "bash", "built", undefined, {
      startedAt: 1_000,
      durationMs: 61_000,
    });
    m.apply(wire.entries(result));
    m.apply(
      wire.event("tool_ended", {
        turnId: T1,
        callId: "call-1",
        entryId: result.id,
        isError: false,
        startedAt: 1_000,
        durationMs: 61_000,
      }),
    );
    const settled = m.view().turns[0]?.steps[0]?.rows;
    expect(settled).toHaveLength(1);
    expect(settled?.[0]).toMatchObject({
      id: "call-1",
      status: "done",
      output: "built",
      durationMs: 61_000,
    });
    expect(settled?.[0]?.tail).toBeUndefined();
  });

  test("floats nested rows not yet reported at the end of the turn, then moves them into the reporting call's place", () => {
    const wire = new Wire();
    const m = new TranscriptModel();
    const assistant = wire.assistant(T1, 0, [
      { type: "toolCall", id: "exec-1", name: "exec", arguments: {} },
    ]);
    m.apply(wire.entries(wire.user(T1, "go"), assistant));
    m.apply(
      wire.event("tool_started", {
        turnId: T1,
        entryId: assistant.id,
        callId: "exec-1",
        name: "exec",
        args: {},
        startedAt: 1,
      }),
    );
    const opened = wire.record("row-1", { pending: true, startedAt: 2 });
    m.apply(wire.event("trace", { turnId: T1, type: "row-opened", record: opened }));
    expect(m.view().turns[0]?.floating.map((r) => [r.id, r.status])).toEqual([
      ["row-1", "running"],
    ]);
    const settled = wire.record("row-1", { startedAt: 2, durationMs: 40, output: "x" });
    m.apply(wire.event("trace", { turnId: T1, type: "row-settled", record: settled }));
    m.apply(wire.entries(wire.toolResult(T1, "exec-1", "exec", "done", { toolTrace: [settled] })));
    const view = m.view().turns[0];
    expect(view?.floating).toEqual([]);
    expect(view?.steps[0]?.rows.map((r) => [r.id, r.status, r.reportedBy])).toEqual([
      ["row-1", "done", "exec-1"],
      ["exec-1", "done", undefined],
    ]);
  });

  test("settles a row drained pending into its result in place, where it already is, when the late settle arrives", () => {
    const wire = new Wire();
    const m = new TranscriptModel();
    const pending = wire.record("row-1", { pending: true, startedAt: 2 });
    m.addEntries([
      wire.user(T1, "go"),
      wire.assistant(T1, 0, [{ type: "toolCall", id: "exec-1", name: "exec", arguments: {} }]),
      wire.toolResult(T1, "exec-1", "exec", "yielded", { toolTrace: [pending] }),
    ]);
    expect(m.view().turns[0]?.steps[0]?.rows[0]).toMatchObject({ id: "row-1", status: "running" });
    const settled = wire.record("row-1", { startedAt: 2, durationMs: 900, output: "built" });
    m.apply(
      wire.event("trace", {
        turnId: T1,
        type: "row-settled",
        record: settled,
        reportedIn: "exec-1",
      }),
    );
    const rows = m.view().turns[0]?.steps[0]?.rows ?? [];
    expect(rows.map((r) => r.id)).toEqual(["row-1", "exec-1"]);
    expect(rows[0]).toMatchObject({ status: "done", durationMs: 900, output: "built" });
  });

  test("shows the note of a tool call being written until the call starts", () => {
    const wire = new Wire();
    const m = new TranscriptModel();
    const entryId = `e_${"w".repeat(20)}`;
    m.apply(wire.event("assistant_started", { turnId: T1, entryId, step: 0, model, startedAt: 1 }));
    m.apply(
      wire.event("tool_authoring", {
        turnId: T1,
        entryId,
        callId: "c1",
        name: "exec",
        reason: "Listing files",
      }),
    );
    expect(m.view().turns[0]?.steps[0]?.authoring).toEqual({
      name: "exec",
      reason: "Listing files",
    });
    m.apply(
      wire.entries(
        wire.assistant(
          T1,
          0,
          [{ type: "toolCall", id: "c1", name: "exec", arguments: {} }],
          {},
          entryId,
        ),
      ),
    );
    expect(m.view().turns[0]?.steps[0]?.authoring).toBeUndefined();
  });

  test("opens questions and permission prompts on their turn and closes them when decided or expired", () => {
    const wire = new Wire();
    const m = new TranscriptModel();
    const questionId = `q_${"b".repeat(20)}`;
    const permissionId = `p_${"c".repeat(20)}`;
    m.apply(
      wire.event("question_asked", {
        questionId,
        turnId: T1,
        plugin: "askuser",
        questions: [
          { question: "Which?", header: "Pick", options: [{ label: "A" }, { label: "B" }] },
        ],
        expiresAt: 10,
      }),
    );
    m.apply(
      wire.event("permission_asked", {
        permissionId,
        turnId: T1,
        callId: "c1",
        tool: "bash",
        summary: "rm -rf build",
        question: "Run it?",
        header: "Permission",
        choices: { once: "Allow once", always: "Always allow", deny: "Deny" },
        nested: false,
        expiresAt: 10,
      }),
    );
    expect(m.view().turns[0]?.questions).toHaveLength(1);
    expect(m.view().turns[0]?.permissions).toHaveLength(1);
    m.apply(
      wire.event("question_expired", {
        turnId: T1,
        questionId,
        answers: [{ outcome: "expired", selected: [] }],
      }),
    );
    m.apply(
      wire.event("permission_decided", {
        turnId: T1,
        permissionId,
        callId: "c1",
        outcome: "once",
        record: {
          question: "Run it?",
          header: "Permission",
          selected: ["Allow once"],
          outcome: "once",
          approval: { tool: "bash", summary: "rm -rf build" },
        },
      }),
    );
    // Nothing else happened in that turn, so with its prompts closed it has nothing to draw.
    expect(m.view().turns).toEqual([]);
  });

  test("replaces a card by id, removes it on removal, and keeps the order cards were first emitted in", () => {
    const wire = new Wire();
    const m = new TranscriptModel();
    m.setCards([
      { id: "todo", title: "Todo" },
      { id: "build", title: "Build", pinned: true },
    ]);
    m.apply(
      wire.event("card", {
        card: {
          id: "todo",
          title: "Todo (2)",
          items: [{ text: "a", status: "running", startedAt: 5 }],
        },
      }),
    );
    expect(m.view().cards.map((c) => c.title)).toEqual(["Todo (2)", "Build"]);
    m.apply(wire.event("card", { removed: "todo" }));
    expect(m.view().cards.map((c) => c.id)).toEqual(["build"]);
  });

  test(`keeps at most ${MAX_NOTICES} notices, dropping the oldest, and one can be dismissed`, () => {
    const wire = new Wire();
    const m = new TranscriptModel();
    for (let i = 1; i <= MAX_NOTICES + 1; i++)
      m.apply(wire.event("notice", { level: "info", text: `n${i}` }));
    expect(m.view().notices.map((n) => n.text)).toEqual(["n2", "n3", "n4", "n5", "n6"]);
    const [first] = m.view().notices;
    if (first) m.dismissNotice(first.id);
    expect(m.view().notices).toHaveLength(MAX_NOTICES - 1);
  });

  test("keeps an unchanged turn's view object when another turn changes, so it is not drawn again", () => {
    const wire = new Wire();
    const m = new TranscriptModel();
    m.addEntries([wire.user(T1, "one"), wire.turnEnd(T1), wire.user(T2, "two")]);
    const before = m.view().turns[0];
    m.apply(
      wire.event("turn_started", { turnId: T2, origin: { kind: "composer" }, startedAt: 1, model }),
    );
    expect(m.view().turns[0]).toBe(before);
    expect(m.view().turns[1]?.running).toBe(true);
  });

  test("ends the turn on turn_completed and closes its prompts", () => {
    const wire = new Wire();
    const m = new TranscriptModel();
    m.apply(
      wire.event("turn_started", { turnId: T1, origin: { kind: "composer" }, startedAt: 1, model }),
    );
    expect(m.view().running).toBe(true);
    m.apply(
      wire.event("turn_completed", {
        turnId: T1,
        reason: "aborted",
        durationMs: 10,
        answer: "",
        entryId: `e_${"z".repeat(20)}`,
      }),
    );
    expect(m.view().running).toBe(false);
  });
});
