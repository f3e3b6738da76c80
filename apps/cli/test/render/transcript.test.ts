import { afterEach, describe, expect, test } from "vitest";
import { type ScreenHarness, screenHarness } from "../support/screen-harness.js";
import { event, record, TurnFixture } from "../support/wire.js";

let h: ScreenHarness | undefined;
afterEach(() => h?.close());

const T0 = 1_700_000_000_000;

/** A code-mode turn: exec runs two nested calls and a note; its own row is dropped (ownRow: false). */
function codeModeTurn(): TurnFixture {
  const turn = new TurnFixture(T0).start("Check the weather");
  const ls = record({
    id: "row-1",
    name: "Weather",
    args: { city: "Oslo", reason: "Look up Oslo" },
    startedAt: T0 + 100,
    durationMs: 1234,
    output: "Oslo: sunny",
  });
  const note = record({ id: "row-2", kind: "note", text: "checked one city" });
  const rome = record({
    id: "row-3",
    name: "Weather",
    args: { city: "Rome" },
    startedAt: T0 + 1400,
    durationMs: 20,
    output: "Rome: rain",
    isError: true,
  });
  turn
    .respond(0, "Let me **check**.", [
      { id: "call-exec", name: "exec", args: { script: "await tools.Weather({city:'Oslo'})" } },
    ])
    .toolStarted("call-exec", "exec", { script: "await tools.Weather({city:'Oslo'})" }, T0 + 50)
    .live(
      event("trace", {
        turnId: turn.turnId,
        type: "row-opened",
        record: { ...ls, pending: true, durationMs: undefined },
      }),
      event("trace", { turnId: turn.turnId, type: "row-settled", record: ls }),
      event("trace", { turnId: turn.turnId, type: "note", record: note }),
      event("trace", {
        turnId: turn.turnId,
        type: "row-opened",
        record: { ...rome, pending: true, durationMs: undefined, isError: undefined },
      }),
      event("trace", { turnId: turn.turnId, type: "row-settled", record: rome }),
    )
    .toolEnded("call-exec", "exec", "done", {
      details: { toolTrace: [ls, note, rome], ownRow: false },
      startedAt: T0 + 50,
      durationMs: 1500,
    })
    .respond(1, "Oslo is *sunny*; Rome failed.")
    .complete("Oslo is sunny; Rome failed.", 2000);
  return turn;
}

describe("the transcript", () => {
  test("draws the prompt, Markdown replies, and nested rows in place of the exec call that reported them", async () => {
    h = screenHarness();
    h.receive(...codeModeTurn().events);
    const screen = (await h.draw()).join("\n");
    expect(screen).toContain("❯ Check the weather");
    expect(screen).toContain("Let me check.");
    expect(screen).toMatch(/● Weather {2}Look up Oslo · 1\.2s/);
    expect(screen).toContain("Oslo: sunny");
    expect(screen).toMatch(/✗ Weather {2}Rome · 20ms/);
    expect(screen).toContain("Oslo is sunny; Rome failed.");
    expect(screen).not.toMatch(/\bexec\b/);
    expect(screen).not.toContain("checked one city");
    expect(screen).toContain("── 2.0s");
  });

  test("keeps a failed exec's own row and its notes, since the error needs somewhere to live", async () => {
    h = screenHarness();
    const turn = new TurnFixture(T0).start("Run it");
    const note = record({ id: "row-n", kind: "note", text: "starting the cell" });
    turn
      .respond(0, "", [{ id: "call-x", name: "exec", args: { script: "throw new Error('x')" } }])
      .toolStarted("call-x", "exec", { script: "throw new Error('x')" }, T0)
      .toolEnded("call-x", "exec", "Error: x", {
        details: { toolTrace: [note] },
        isError: true,
        startedAt: T0,
        durationMs: 30,
      })
      .complete("", 40);
    h.receive(...turn.events);
    const screen = (await h.draw()).join("\n");
    expect(screen).toContain("· starting the cell");
    expect(screen).toMatch(/✗ exec {2}throw new Error\('x'\) · 30ms/);
    expect(screen).toContain("Error: x");
  });

  test("draws a reloaded session exactly as the live one was drawn", async () => {
    const turn = codeModeTurn();
    h = screenHarness();
    h.receive(...turn.events);
    const live = await h.draw();
    h.close();
    h = screenHarness();
    h.load(turn.entries);
    expect(await h.draw()).toEqual(live);
  });
});

describe("live elapsed time", () => {
  test("counts a running row from its startedAt on the local clock, and freezes it at durationMs", async () => {
    h = screenHarness({ now: T0 + 2_500 });
    const turn = new TurnFixture(T0).start("wait");
    turn
      .respond(0, "", [
        { id: "call-b", name: "Bash", args: { command: "sleep 5", description: "Sleep a while" } },
      ])
      .toolStarted(
        "call-b",
        "Bash",
        { command: "sleep 5", description: "Sleep a while" },
        T0 + 1_000,
      );
    h.receive(...turn.events);
    expect((await h.draw()).join("\n")).toMatch(/Bash {2}Sleep a while · 1\.5s/);
    h.clock.now = T0 + 64_000;
    expect((await h.draw()).join("\n")).toMatch(/Bash {2}Sleep a while · 1m 03s/);
    turn.toolEnded("call-b", "Bash", "ok", { startedAt: T0 + 1_000, durationMs: 4_000 });
    h.receive(...turn.events.slice(-2));
    h.clock.now = T0 + 500_000;
    expect((await h.draw()).join("\n")).toMatch(/● Bash {2}Sleep a while · 4\.0s/);
  });

  test("shows no duration for a record without timing, not zero", async () => {
    h = screenHarness();
    const turn = new TurnFixture(T0).start("go");
    const untimed = record({
      id: "row-u",
      name: "Weather",
      args: { city: "Oslo" },
      output: "sunny",
    });
    turn
      .respond(0, "", [{ id: "c1", name: "exec", args: { script: "" } }])
      .toolEnded("c1", "exec", "ok", {
        details: { toolTrace: [untimed], ownRow: false },
        startedAt: T0,
        durationMs: 5,
      })
      .complete("", 10);
    h.receive(...turn.events);
    const row = (await h.draw()).find((line) => line.includes("Weather"));
    expect(row?.trimEnd()).toBe("  ● Weather  Oslo");
  });
  test("says what the trace budget left out: a row's dropped output by its bytes, and the truncation note", async () => {
    h = screenHarness();
    const turn = new TurnFixture(T0).start("go");
    const fitted = record({
      id: "row-f",
      name: "Bash",
      args: { description: "Print the log" },
      startedAt: T0,
      durationMs: 40,
      truncated: { records: 0, bytes: 20_480 },
    });
    const note = record({
      id: "row-t",
      kind: "note",
      text: "Trace truncated: 3 rows (900 bytes) left out. A producer keeps at most 100 records and 128 KiB.",
      truncated: { records: 3, bytes: 900 },
    });
    turn
      .respond(0, "", [{ id: "c1", name: "exec", args: { script: "" } }])
      .toolEnded("c1", "exec", "ok", {
        details: { toolTrace: [fitted, note], ownRow: false },
        startedAt: T0,
        durationMs: 50,
      })
      .complete("", 60);
    h.receive(...turn.events);
    const screen = (await h.draw()).join("\n");
    expect(screen).toMatch(
      /● Bash {2}Print the log · 40ms\n\s+… 20\.0 KB of this row's output left out of the trace/,
    );
    expect(screen).toContain("· Trace truncated: 3 rows (900 bytes) left out.");
    expect(screen).not.toContain("0 rows");
  });
});
