import { projectToolRows } from "@elowen/tool-trace";
import { historyToolCalls, parseSessionEvent } from "@elowen/wire";
import { describe, expect, test } from "vitest";
import { event, record, TurnFixture } from "../../test/support/wire.js";
import { TranscriptState } from "./transcript-state.js";

const T0 = 1_700_000_000_000;

function fold(state: TranscriptState, events: TurnFixture["events"]): void {
  for (const raw of events) {
    const parsed = parseSessionEvent(raw);
    if (parsed) state.apply(parsed);
  }
}

function nestedTurn(): TurnFixture {
  const turn = new TurnFixture(T0).start("go");
  const a = record({
    id: "r-a",
    name: "Weather",
    args: { city: "Oslo" },
    startedAt: T0,
    durationMs: 5,
    output: "sunny",
  });
  const b = record({ id: "r-b", name: "Confirm", args: {}, startedAt: T0 + 1, pending: true });
  const bSettled = { ...b, pending: undefined, durationMs: 900 };
  turn
    .respond(0, "", [{ id: "c-1", name: "exec", args: { script: "x" } }])
    .toolStarted("c-1", "exec", { script: "x" }, T0)
    .live(
      event("trace", { turnId: turn.turnId, type: "row-opened", record: a }),
      event("trace", { turnId: turn.turnId, type: "row-opened", record: b }),
    )
    .toolEnded("c-1", "exec", "yielded", {
      details: { toolTrace: [a, b] },
      startedAt: T0,
      durationMs: 10,
    })
    .live(
      event("trace", {
        turnId: turn.turnId,
        type: "row-settled",
        record: bSettled,
        reportedIn: "c-1",
      }),
    )
    .complete("", 1000);
  // History holds the settled record in place (the journal was rewritten).
  const result = turn.entries.find((e) => e.kind === "tool_result");
  if (result)
    (result.data as { details: { toolTrace: unknown[] } }).details.toolTrace = [a, bSettled];
  return turn;
}

describe("TranscriptState", () => {
  test("folds live events into the rows projectToolRows draws from history, late settle included", () => {
    const turn = nestedTurn();
    const live = new TranscriptState();
    fold(live, turn.events);
    const rows = [...live.turnRows(turn.turnId).byCall.values()].flat();
    expect(rows).toEqual(projectToolRows(historyToolCalls(turn.entries)));
    expect(rows.find((row) => row.id === "r-b")).toMatchObject({ status: "done", durationMs: 900 });
  });

  test("gives the same blocks from history as from the live events", () => {
    const turn = nestedTurn();
    const live = new TranscriptState();
    fold(live, turn.events);
    const reloaded = new TranscriptState();
    reloaded.addEntries(turn.entries);
    expect(reloaded.blocks()).toEqual(live.blocks());
    expect(reloaded.blocks().map((b) => b.key)).toEqual(live.blocks().map((b) => b.key));
  });

  test("keeps a result that arrived before the assistant entry naming its call", () => {
    const turn = new TurnFixture(T0)
      .start("go")
      .respond(0, "", [{ id: "c-9", name: "Weather", args: { city: "Rome" } }])
      .toolEnded("c-9", "Weather", "rain", { startedAt: T0, durationMs: 7 });
    const [user, assistant, result] = turn.entries;
    const state = new TranscriptState();
    state.addEntries([user, result].filter((e) => e !== undefined));
    state.addEntries([assistant].filter((e) => e !== undefined));
    expect(state.turnRows(turn.turnId).byCall.get("c-9")).toEqual([
      {
        id: "c-9",
        kind: "call",
        source: "direct",
        depth: 0,
        name: "Weather",
        status: "done",
        args: { city: "Rome" },
        output: "rain",
        startedAt: T0,
        durationMs: 7,
        images: [],
      },
    ]);
    expect(state.blocks().map((b) => b.kind)).toEqual(["user", "call"]);
  });

  test("draws a streaming message's pieces, then the committed entry with the same key in their place", () => {
    const turn = new TurnFixture(T0).start("hi").respond(0, "Hello there");
    const state = new TranscriptState();
    const events = turn.events.filter(
      (e) =>
        !(
          e.type === "entries" &&
          (e.data as { entries: { kind: string }[] }).entries[0]?.kind === "assistant"
        ),
    );
    fold(state, events);
    const streaming = state.blocks().at(-1);
    expect(streaming).toMatchObject({ kind: "text", text: "Hello there", streaming: true });
    fold(state, turn.events.slice(-1));
    expect(state.blocks().at(-1)).toMatchObject({
      kind: "text",
      key: streaming?.key,
      text: "Hello there",
      streaming: false,
    });
  });

  test("puts trace rows no result reported yet inside the running call that will report them", () => {
    const turn = new TurnFixture(T0).start("go");
    turn
      .respond(0, "", [{ id: "c-run", name: "exec", args: { script: "" } }])
      .toolStarted("c-run", "exec", { script: "" }, T0)
      .live(
        event("trace", {
          turnId: turn.turnId,
          type: "row-opened",
          record: record({ id: "r-1", name: "Weather", args: {}, pending: true, startedAt: T0 }),
        }),
      );
    const state = new TranscriptState();
    fold(state, turn.events);
    expect(state.turnTools(turn.turnId).hostCall()).toBe("c-run");
    expect(state.turnRows(turn.turnId).floating.map((row) => row.id)).toEqual(["r-1"]);
    expect(state.blocks().map((b) => b.kind)).toEqual(["user", "call"]);
  });
});
