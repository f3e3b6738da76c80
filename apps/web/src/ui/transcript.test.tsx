// @vitest-environment happy-dom
import { act, cleanup, screen } from "@testing-library/preact";
import { afterEach, describe, expect, test } from "vitest";
import { turnId, Wire } from "../../test/fixtures/wire.js";
import { ManualClock, renderWith } from "../../test/render.js";
import { TranscriptModel } from "../model/transcript.js";
import { Transcript } from "./transcript.js";

afterEach(cleanup);
const T1 = turnId(1);
const model = { provider: "offline", id: "offline", label: "Offline model", offline: true };

/** The live event of turn T1 starting at `startedAt` on the offline model. */
function turnStarted(wire: Wire, startedAt: number) {
  return wire.event("turn_started", { turnId: T1, origin: { kind: "composer" }, startedAt, model });
}

function draw(m: TranscriptModel, clock = new ManualClock()) {
  const view = m.view();
  const result = renderWith(<Transcript sessionId="s_x" turns={view.turns} />, { clock });
  return {
    ...result,
    clock,
    redraw: () => result.rerender(<Transcript sessionId="s_x" turns={m.view().turns} />),
  };
}

describe("Transcript", () => {
  test("says a provider that cannot be reached once, with its URL, and not that the response was cut off", () => {
    const wire = new Wire();
    const m = new TranscriptModel();
    const message = "cannot reach http://127.0.0.1:7690/v1";
    m.addEntries([
      wire.user(T1, "hi"),
      wire.assistant(T1, 0, [], { stopReason: "error", partial: true, errorMessage: message }),
      wire.entry("turn_end", {
        turnId: T1,
        reason: "error",
        durationMs: 10,
        answer: "",
        errorMessage: message,
      }),
    ]);
    const { container } = draw(m);
    const text = container.textContent ?? "";
    expect(text.split(message)).toHaveLength(2);
    expect(text).not.toContain("cut off");
    expect(text).toContain("Failed");
  });

  test("renders model text with no script, handler, remote image or unsafe link, and the person's words as text", () => {
    const wire = new Wire();
    const m = new TranscriptModel();
    m.addEntries([
      wire.user(T1, "<b>not bold</b>"),
      wire.assistant(T1, 0, [
        {
          type: "text",
          text: '**Bold** <script>alert(1)</script><img src="https://tracker.example/p.png" onerror="alert(2)"> [x](javascript:alert(3)) [ok](https://example.com)',
        },
      ]),
    ]);
    const { container } = draw(m);
    // (Markdown's formatting is checked in Chromium by the browser tests; this DOM is not one the
    // sanitizer can read, so the allow-list check draws the text plainly, which is the point.)
    const md = container.querySelector(".md");
    expect(md?.textContent).toContain("Bold");
    expect(md?.querySelectorAll("script, img, iframe, [onerror]")).toHaveLength(0);
    expect(md?.querySelector('a[href^="javascript"]')).toBeNull();
    // The person's own words are text, never HTML.
    expect(container.querySelector(".message.user")?.textContent).toContain("<b>not bold</b>");
    expect(screen.getByText("offline model")).toBeTruthy();
  });

  test("draws nested rows in the reporting call's place, indented by depth, with notes and an unreadable record's reason", () => {
    const wire = new Wire();
    const m = new TranscriptModel();
    m.addEntries(
      wire.execTurn(T1, {
        toolTrace: [
          wire.record("r1", { startedAt: 1, durationMs: 4_200 }),
          wire.record("r2", { parentId: "r1", name: "Read", startedAt: 2, durationMs: 61_000 }),
          { id: "n1", producerId: "cell-1", kind: "note", text: "halfway there" },
          { id: "n2", producerId: "cell-1", kind: "note", truncated: { records: 3, bytes: 900 } },
          { id: "broken", kind: "call" },
        ],
      }),
    );
    const { container } = draw(m);
    const rows = [...container.querySelectorAll<HTMLElement>(".tool-row")];
    expect(rows.map((r) => [r.dataset.rowId, r.style.getPropertyValue("--depth")])).toEqual([
      ["r1", "0"],
      ["r2", "1"],
      ["n1", "0"],
      ["n2", "0"],
      ["broken", "0"],
      ["exec-1", "0"],
    ]);
    expect(rows[0]?.querySelector(".duration")?.textContent).toBe("took 4.2s");
    expect(rows[1]?.querySelector(".duration")?.textContent).toBe("took 1m 01s");
    expect(rows[2]?.textContent).toBe("halfway there");
    expect(rows[3]?.textContent).toBe("3 more rows (900 bytes) were left out of this trace.");
    expect(rows[4]?.textContent).toMatch(/^This row could not be read: producerId/);
  });

  test("counts a running row's elapsed time locally from startedAt and freezes it when the row settles", () => {
    const wire = new Wire();
    const clock = new ManualClock(10_000);
    const m = new TranscriptModel();
    const assistant = wire.assistant(T1, 0, [
      { type: "toolCall", id: "c1", name: "bash", arguments: { command: "make" } },
    ]);
    m.apply(turnStarted(wire, 9_000));
    m.apply(wire.entries(wire.user(T1, "build"), assistant));
    m.apply(
      wire.event("tool_started", {
        turnId: T1,
        entryId: assistant.id,
        callId: "c1",
        name: "bash",
        args: {},
        startedAt: 10_000,
      }),
    );
    m.apply(wire.event("tool_updated", { turnId: T1, callId: "c1", output: "compiling 3/9" }));
    const { container, redraw } = draw(m, clock);
    const row = () => container.querySelector<HTMLElement>('[data-row-id="c1"]');
    expect(row()?.querySelector(".duration")?.textContent).toBe("running for 0ms");
    expect(row()?.querySelector(".tool-output")?.textContent).toBe("compiling 3/9");
    act(() => clock.advance(1_500));
    expect(row()?.querySelector(".duration")?.textContent).toBe("running for 1.5s");
    act(() => clock.advance(60_000));
    expect(row()?.querySelector(".duration")?.textContent).toBe("running for 1m 01s");
    expect(container.querySelector(".turn-status .duration")?.textContent).toBe(
      "running for 1m 02s",
    );

    m.apply(
      wire.entries(
        wire.toolResult(T1, "c1", "bash", "ok", undefined, {
          startedAt: 10_000,
          durationMs: 3_000,
        }),
      ),
    );
    redraw();
    expect(row()?.querySelector(".duration")?.textContent).toBe("took 3.0s");
    act(() => clock.advance(5_000));
    expect(row()?.querySelector(".duration")?.textContent).toBe("took 3.0s");
  });

  test("shows no duration at all for a row without timing, never 0ms", () => {
    const wire = new Wire();
    const m = new TranscriptModel();
    m.addEntries(
      wire.execTurn(T1, {
        ownRow: false,
        toolTrace: [wire.record("r1"), wire.record("r2", { pending: true })],
      }),
    );
    const { container } = draw(m);
    expect(container.querySelectorAll(".duration")).toHaveLength(0);
    expect(container.querySelector('[data-row-id="r2"]')?.getAttribute("aria-busy")).toBe("true");
  });

  test("keeps an answer record expandable beside the row's output, and says why a malformed one cannot be read", () => {
    const wire = new Wire();
    const record = {
      questions: [
        {
          question: "Run it?",
          header: "Permission",
          selected: ["Always allow"],
          outcome: "always",
          approval: { tool: "bash", summary: "make", scope: "session" },
        },
        {
          question: "Which?",
          header: "Pick",
          selected: ["A"],
          other: "and B",
          outcome: "answered",
        },
      ],
    };
    const m = new TranscriptModel();
    m.addEntries(wire.answeredTurn(T1, "bash", [record, { questions: [{ header: "x" }] }]));
    const { container } = draw(m);
    const first = container.querySelector('[data-row-id="c1"] .answer-record');
    expect(first?.tagName).toBe("DETAILS");
    expect(first?.querySelector("summary")?.textContent).toBe("Approval: always allowed");
    expect([...(first?.querySelectorAll("dd") ?? [])].map((dd) => dd.textContent)).toEqual([
      "always allowed — Always allow (bash: make; always covers this session)",
      "answered — A, and B",
    ]);
    const second = container.querySelector('[data-row-id="c2"] .answer-record');
    expect(second?.textContent).toMatch(
      /^The answer record could not be read: details\.questionAnswer/,
    );
  });

  test("shows the note of a call being written, or the tool's label when it has none", () => {
    const wire = new Wire();
    const m = new TranscriptModel();
    const entryId = `e_${"w".repeat(20)}`;
    m.apply(wire.event("assistant_started", { turnId: T1, entryId, step: 0, model, startedAt: 1 }));
    m.apply(
      wire.event("tool_authoring", { turnId: T1, entryId, callId: "c1", name: "exec", reason: "" }),
    );
    const { container, redraw } = draw(m);
    expect(container.querySelector(".authoring")?.textContent?.trim()).toBe("Running tools…");
    m.apply(
      wire.event("tool_authoring", {
        turnId: T1,
        entryId,
        callId: "c1",
        name: "exec",
        reason: "Reading the logs",
      }),
    );
    redraw();
    expect(container.querySelector(".authoring")?.textContent?.trim()).toBe("Reading the logs");
    m.apply(
      wire.event("tool_authoring", {
        turnId: T1,
        entryId,
        callId: "c2",
        name: "Weather",
        reason: " ",
      }),
    );
    redraw();
    expect(container.querySelector(".authoring")?.textContent?.trim()).toBe("Running Weather…");
  });

  test("says what a running turn is doing in the CLI's words: the call being written, then the running call's reason or label, then the streaming response", () => {
    const wire = new Wire();
    const clock = new ManualClock(10_000);
    const m = new TranscriptModel();
    const entryId = `e_${"w".repeat(20)}`;
    const activity = () => container.querySelector(".turn-status .activity")?.textContent;
    m.apply(turnStarted(wire, 9_000));
    m.apply(wire.entries(wire.user(T1, "deploy")));
    const { container, redraw } = draw(m, clock);
    expect(activity()).toBe("Working…");
    m.apply(
      wire.event("assistant_started", { turnId: T1, entryId, step: 0, model, startedAt: 9_100 }),
    );
    m.apply(
      wire.event("assistant_delta", {
        turnId: T1,
        entryId,
        block: 0,
        kind: "thinking",
        text: "hm",
      }),
    );
    redraw();
    expect(activity()).toBe("Thinking…");
    m.apply(
      wire.event("assistant_delta", { turnId: T1, entryId, block: 1, kind: "text", text: "Ok" }),
    );
    redraw();
    expect(activity()).toBe("Responding…");
    m.apply(
      wire.event("tool_authoring", { turnId: T1, entryId, callId: "c1", name: "exec", reason: "" }),
    );
    redraw();
    expect(activity()).toBe("Running tools…");
    const assistant = wire.assistant(
      T1,
      0,
      [
        {
          type: "toolCall",
          id: "c1",
          name: "Bash",
          arguments: { command: "make", description: "Building the site" },
        },
      ],
      {},
      entryId,
    );
    m.apply(wire.entries(assistant));
    m.apply(
      wire.event("tool_started", {
        turnId: T1,
        entryId,
        callId: "c1",
        name: "Bash",
        args: { command: "make", description: "Building the site" },
        startedAt: 10_000,
      }),
    );
    redraw();
    expect(activity()).toBe("Building the site");
    m.apply(wire.entries(wire.toolResult(T1, "c1", "Bash", "built")));
    redraw();
    expect(activity()).toBe("Working…");
  });

  test("shows a row's reason in place of its arguments, the same live and after a reload", () => {
    const wire = new Wire();
    const entries = [
      wire.user(T1, "go"),
      wire.assistant(T1, 0, [
        {
          type: "toolCall",
          id: "c1",
          name: "Bash",
          arguments: { command: "ls -la", description: "  Listing the files " },
        },
        { type: "toolCall", id: "c2", name: "read", arguments: { path: "a.txt", reason: "   " } },
      ]),
      wire.toolResult(T1, "c1", "Bash", "a.txt"),
      wire.toolResult(T1, "c2", "read", "hello"),
    ];
    const live = new TranscriptModel();
    live.apply(wire.entries(...entries));
    const reloaded = new TranscriptModel();
    reloaded.addEntries(entries);
    const summaries = (m: TranscriptModel) => {
      const { container, unmount } = draw(m);
      const out = [...container.querySelectorAll(".tool-row summary")].map((s) => [
        s.querySelector(".tool-reason")?.textContent,
        s.querySelector(".tool-args")?.textContent,
      ]);
      unmount();
      return out;
    };
    expect(summaries(live)).toEqual([
      ["Listing the files", undefined],
      [undefined, '{"path":"a.txt","reason":" "}'],
    ]);
    expect(summaries(reloaded)).toEqual(summaries(live));
  });
});
