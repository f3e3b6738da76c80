import { afterEach, describe, expect, test } from "vitest";
import { type ScreenHarness, screenHarness } from "../support/screen-harness.js";
import { TurnFixture } from "../support/wire.js";

let h: ScreenHarness | undefined;
afterEach(() => h?.close());

const PAGE_DOWN = "\x1b[6~";
const PAGE_UP = "\x1b[5~";
const WHEEL_DOWN = "\x1b[<65;10;5M";
const URL = `https://auth.example.com/oauth/authorize?client_id=elowen&state=${"x".repeat(300)}&end=1`;

/** The URL rows of a screen (the notice draws them indented, one hyperlink per row). */
function urlRows(lines: readonly string[]): string[] {
  return lines
    .map((line) => line.trimEnd())
    .filter((line) => /^ {2}\S+$/.test(line))
    .map((line) => line.trim());
}

describe("a notice", () => {
  test("wraps with ANSI-aware wrapping, breaking the long URL across rows without losing a character", async () => {
    h = screenHarness({ columns: 80, rows: 30 });
    h.screen.showNotice({
      level: "info",
      text: "Sign in to the docs server in your browser.",
      url: URL,
      opened: false,
    });
    const lines = (await h.draw()).map((line) => line.trimEnd());
    expect(lines).toContain("ℹ Sign in to the docs server in your browser.");
    expect(lines).toContain("  Open this URL in a browser:");
    expect(urlRows(lines).join("")).toBe(URL);
    expect(lines.every((line) => line.length <= 80)).toBe(true);
  });

  test("on a start screen too small for it, scrolls in the transcript viewport: PageDown and the wheel reach the whole URL, and nothing enters history", async () => {
    h = screenHarness({ columns: 40, rows: 12 });
    h.screen.showNotice({ level: "info", text: "Sign in:", url: URL, opened: false });
    const seen = new Set<string>();
    const pages: string[][] = [];
    let lines = await h.draw();
    pages.push(lines);
    expect(lines[0]?.trim()).toBe("ℹ Sign in:");
    for (let i = 0; i < 12 && !urlRows(lines).some((row) => row.endsWith("&end=1")); i += 1) {
      h.keys(i % 2 === 0 ? PAGE_DOWN : WHEEL_DOWN);
      lines = await h.draw();
      pages.push(lines);
    }
    for (const page of pages) for (const row of urlRows(page)) seen.add(row);
    const expected = URL.match(/.{1,38}/g) ?? [];
    expect(expected.every((row) => seen.has(row))).toBe(true);
    expect(h.session.transcript.entryCount).toBe(0);
    h.keys(PAGE_UP, PAGE_UP, PAGE_UP, PAGE_UP);
    expect((await h.draw())[0]).toContain("Elowen");
  });

  test("keeps its rows when the history indicator shows: the indicator lives in the status bar", async () => {
    h = screenHarness({ columns: 60, rows: 12 });
    const turn = new TurnFixture().start("hello");
    for (let i = 0; i < 6; i += 1) turn.respond(i, `paragraph ${i}\n\n${"word ".repeat(20)}`);
    h.receive(...turn.complete("", 5).events);
    h.screen.showNotice({ level: "warning", text: "A notice under the transcript" });
    let lines = await h.draw();
    expect(lines.join("\n")).toContain("⚠ A notice under the transcript");
    h.keys(PAGE_UP);
    lines = await h.draw();
    const status = lines.find((line) => line.includes("lines below"));
    expect(status).toMatch(/↓ \d+ lines below · pgdn/);
    h.keys("\x1b[6~", "\x1b[6~");
    lines = await h.draw();
    expect(lines.join("\n")).toContain("⚠ A notice under the transcript");
    expect(lines.join("\n")).not.toContain("lines below");
  });
});

describe("resizing", () => {
  test("redraws to exactly what a screen of the new size draws, with no stale characters", async () => {
    const turn = new TurnFixture().start(
      "a prompt long enough to wrap when the terminal is narrow",
    );
    turn
      .respond(0, `# Heading\n\n${"Some words that wrap. ".repeat(12)}\n\n- one\n- two`)
      .complete("", 1234);
    h = screenHarness({ columns: 100, rows: 30 });
    h.receive(...turn.events);
    await h.draw();
    h.terminal.resize(48, 20);
    const resized = await h.draw();
    h.terminal.resize(120, 24);
    await h.draw();
    h.terminal.resize(48, 20);
    const again = await h.draw();
    h.close();
    h = screenHarness({ columns: 48, rows: 20 });
    h.receive(...turn.events);
    const fresh = await h.draw();
    expect(resized).toEqual(fresh);
    expect(again).toEqual(fresh);
    expect(fresh.every((line) => line.length <= 48)).toBe(true);
  });
});
