import { afterEach, describe, expect, test } from "vitest";
import { type ScreenHarness, screenHarness } from "../support/screen-harness.js";
import { record, TurnFixture } from "../support/wire.js";

let h: ScreenHarness | undefined;
afterEach(() => h?.close());

const T0 = 1_700_000_000_000;
const HASH = "a".repeat(64);
const FILE_HASH = "b".repeat(64);

function askTurn(): TurnFixture {
  const questionAnswer = {
    questions: [
      {
        question: "Run AskUserQuestion?",
        header: "Permission",
        selected: ["Allow once"],
        outcome: "once",
        approval: { tool: "AskUserQuestion", summary: "1 question" },
      },
      {
        question: "Which database should the service use?",
        header: "Database",
        selected: ["SQLite"],
        other: "with WAL",
        outcome: "answered",
      },
    ],
  };
  return new TurnFixture(T0)
    .start("pick a db")
    .respond(0, "", [{ id: "c-ask", name: "AskUserQuestion", args: { questions: [] } }])
    .toolEnded("c-ask", "AskUserQuestion", "SQLite", {
      details: { questionAnswer },
      startedAt: T0,
      durationMs: 9_000,
    })
    .complete("", 9_100);
}

describe("answer and approval records", () => {
  test("sit beside the row as one line, and Ctrl+O expands every record to its questions and answers", async () => {
    h = screenHarness();
    h.receive(...askTurn().events);
    let screen = (await h.draw()).join("\n");
    expect(screen).toContain(
      "↳ AskUserQuestion allowed once · Database: SQLite, “with WAL” (ctrl+o)",
    );
    h.keys("\x0f");
    screen = (await h.draw()).join("\n");
    expect(screen).toContain("↳ Permission for AskUserQuestion: allowed once");
    expect(screen).toContain("↳ Database: Which database should the service use?");
    expect(screen).toContain("→ SQLite, “with WAL”");
    h.keys("\x0f");
    expect((await h.draw()).join("\n")).toContain("(ctrl+o)");
  });

  test("say why a malformed record cannot be read, keeping the ordinary row", async () => {
    h = screenHarness();
    const turn = new TurnFixture(T0)
      .start("x")
      .respond(0, "", [{ id: "c-bad", name: "AskUserQuestion", args: {} }])
      .toolEnded("c-bad", "AskUserQuestion", "hm", {
        details: { questionAnswer: { questions: [] } },
        startedAt: T0,
        durationMs: 5,
      })
      .complete("", 6);
    h.receive(...turn.events);
    const screen = (await h.draw()).join("\n");
    expect(screen).toContain("● AskUserQuestion");
    expect(screen).toContain("↳ unreadable answer record:");
  });
});

describe("images and shared files", () => {
  test("are links to the session's attachments, with their type and size", async () => {
    h = screenHarness();
    const turn = new TurnFixture(T0).start("share");
    const shot = record({
      id: "r-img",
      name: "Screenshot",
      args: {},
      images: [{ hash: HASH, mimeType: "image/png", bytes: 2048 }],
      startedAt: T0,
      durationMs: 10,
    });
    const share = record({
      id: "r-file",
      name: "ShareFile",
      args: { path: "report.pdf" },
      sharedFile: {
        hash: FILE_HASH,
        mimeType: "application/pdf",
        bytes: 512,
        filename: "report.pdf",
        caption: "the report",
      },
      startedAt: T0,
      durationMs: 10,
    });
    turn
      .respond(0, "", [{ id: "c-x", name: "exec", args: { script: "" } }])
      .toolEnded("c-x", "exec", "", {
        details: { toolTrace: [shot, share], ownRow: false },
        startedAt: T0,
        durationMs: 20,
      })
      .respond(1, "", [{ id: "c-si", name: "ShareImage", args: { latest: true } }])
      .toolEnded("c-si", "ShareImage", "shared", {
        details: {
          sharedImage: {
            hash: HASH,
            mimeType: "image/png",
            bytes: 2048,
            caption: "latest screenshot",
          },
        },
        startedAt: T0,
        durationMs: 3,
      })
      .complete("", 30);
    h = screenHarness({ columns: 160 });
    h.receive(...turn.events);
    const lines = (await h.draw()).map((line) => line.trimEnd());
    const url = (hash: string) =>
      `http://127.0.0.1:7457/sessions/s_000000000000000000000001/attachments/${hash}`;
    expect(lines).toContain(`    ▣ image/png · 2.0 KB  ${url(HASH)}`);
    const file = lines.indexOf("    ⎘ shared report.pdf: the report · 512 B");
    expect(lines[file + 1]).toBe(`      ${url(FILE_HASH)}`);
    const image = lines.indexOf("    ▣ shared image: latest screenshot · 2.0 KB");
    expect(lines[image + 1]).toBe(`      ${url(HASH)}`);
  });

  test("wrap a link that does not fit onto rows of its own, every character kept", async () => {
    const turn = new TurnFixture(T0)
      .start("share")
      .respond(0, "", [{ id: "c-si", name: "ShareImage", args: {} }])
      .toolEnded("c-si", "ShareImage", "", {
        details: { sharedImage: { hash: HASH, mimeType: "image/png", bytes: 1 } },
        startedAt: T0,
        durationMs: 3,
      })
      .complete("", 4);
    h = screenHarness({ columns: 50 });
    h.receive(...turn.events);
    const lines = (await h.draw()).map((line) => line.trimEnd());
    const label = lines.findIndex((line) => line.includes("▣ shared image"));
    const rows = lines.slice(label + 1, label + 5);
    expect(rows.every((row) => row.length <= 50 && row.startsWith("      "))).toBe(true);
    expect(rows.map((row) => row.trim()).join("")).toBe(
      `http://127.0.0.1:7457/sessions/s_000000000000000000000001/attachments/${HASH}`,
    );
  });
});
