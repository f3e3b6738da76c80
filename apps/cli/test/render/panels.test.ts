import { afterEach, describe, expect, test } from "vitest";
import { type ScreenHarness, screenHarness } from "../support/screen-harness.js";
import { event, TurnFixture } from "../support/wire.js";

let h: ScreenHarness | undefined;
afterEach(() => h?.close());

const T0 = 1_700_000_000_000;

describe("the pinned-cards panel", () => {
  test("shows pinned cards above the status bar with live clocks, and never a card that is not pinned", async () => {
    h = screenHarness({ now: T0 + 5_000 });
    h.receive(
      event("card", {
        card: {
          id: "todo",
          title: "Todo",
          pinned: true,
          items: [
            { id: "1", text: "Read the code", status: "completed", durationMs: 61_000 },
            { id: "2", text: "Write tests", status: "running", startedAt: T0 + 2_000 },
            { id: "3", text: "Ship it", status: "pending" },
          ],
        },
      }),
      event("card", { card: { id: "web-only", title: "Only on the web", text: "not pinned" } }),
    );
    let lines = await h.draw();
    const status = lines.findIndex((line) => line.includes("ctrl+c twice quits"));
    expect(lines.slice(status - 4, status).map((line) => line.trimEnd())).toEqual([
      "┃ Todo",
      "┃ ✓ Read the code · 1m 01s",
      `┃ ${lines[status - 2]?.slice(2, 3)} Write tests · 3.0s`,
      "┃ ○ Ship it",
    ]);
    expect(lines.join("\n")).not.toContain("Only on the web");
    h.clock.now = T0 + 12_300;
    lines = await h.draw();
    expect(lines.join("\n")).toContain("Write tests · 10.3s");
    expect(lines.join("\n")).toContain("Read the code · 1m 01s");
    h.receive(event("card", { removed: "todo" }));
    expect((await h.draw()).join("\n")).not.toContain("Todo");
  });

  test.each([
    { rows: 3, shown: ["one", "two", "three"], more: undefined },
    { rows: 4, shown: ["one", "two"], more: "… 2 more lines" },
  ])(
    "draws a pinned card's text of $rows lines as at most three rows, counting what it left out",
    async ({ rows, shown, more }) => {
      h = screenHarness({ rows: 30 });
      const text = ["one", "two", "three", "four"].slice(0, rows).join("\n");
      h.receive(event("card", { card: { id: "note", title: "Note", pinned: true, text } }));
      const lines = (await h.draw()).map((line) => line.trimEnd());
      const at = lines.indexOf("┃ Note");
      expect(lines.slice(at + 1, at + 1 + shown.length + (more ? 1 : 0))).toEqual([
        ...shown.map((line) => `┃ ${line}`),
        ...(more ? [`┃ ${more}`] : []),
      ]);
      expect(lines[at + 1 + shown.length + (more ? 1 : 0)]).not.toMatch(/^┃/);
    },
  );

  test("cuts the panel to a third of the screen and says how many lines it left out", async () => {
    h = screenHarness({ rows: 15 });
    h.receive(
      event("card", {
        card: {
          id: "big",
          title: "Big",
          pinned: true,
          items: Array.from({ length: 20 }, (_, i) => ({ text: `item ${i}` })),
        },
      }),
    );
    const lines = await h.draw();
    expect(lines.filter((line) => line.startsWith("┃"))).toHaveLength(5);
    expect(lines.join("\n")).toContain("┃ … 17 more card lines");
  });
});

describe("the status bar", () => {
  test("shows the authoring reason beside the spinner while a tool call is written", async () => {
    h = screenHarness({ now: T0 + 1_000 });
    const turn = new TurnFixture(T0).start("go");
    h.receive(
      ...turn.events,
      event("tool_authoring", {
        turnId: turn.turnId,
        entryId: "e_x",
        callId: "c1",
        name: "exec",
        reason: "Listing the build",
      }),
    );
    expect((await h.draw()).join("\n")).toMatch(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] Listing the build · 1\.0s/);
  });

  test("says Running tools… for an exec call written without a reason", async () => {
    h = screenHarness({ now: T0 + 1_000 });
    const turn = new TurnFixture(T0).start("go");
    h.receive(
      ...turn.events,
      event("tool_authoring", {
        turnId: turn.turnId,
        entryId: "e_x",
        callId: "c1",
        name: "exec",
        reason: "",
      }),
    );
    expect((await h.draw()).join("\n")).toContain("Running tools… · 1.0s");
  });

  test("marks the offline model and goes back to the hints when the turn settles", async () => {
    h = screenHarness();
    const turn = new TurnFixture(T0).start("go").respond(0, "hi").complete("hi", 5);
    h.receive(...turn.events);
    const status = (await h.draw()).find((line) => line.includes("Offline model"));
    expect(status).toContain("enter sends · / commands · ctrl+c twice quits");
    expect(status).toContain("Offline model · Fixture");
    expect(status).not.toContain("(offline)");
  });
});
