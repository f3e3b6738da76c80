import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { liveChat } from "./app-harness.js";

const live = liveChat();
const DEMO_SCRIPT = readFileSync(
  join(import.meta.dirname, "..", "..", "demo", "script.yaml"),
  "utf8",
);
const ENTER = "\r";

describe("the scripted demo", () => {
  test("plays through every surface with the keyboard: card, nested rows, two questions with previews, a permission, Markdown", async () => {
    const t = await live.daemon({ script: DEMO_SCRIPT });
    const chat = await live.chat(t, { fresh: true, rows: 40 });
    chat.submit("Show me everything");
    await chat.see("? Database (1/2)");
    expect(await chat.screen()).toMatch(/┃ Todo/);
    await chat.see('const db = new Database("app.db");');
    chat.keys("\x1b[B");
    await chat.see("Runs as a server: connect with postgres://localhost/app.");
    chat.keys("\x1b[A");
    chat.keys(ENTER);
    await chat.see("? Regions (2/2)");
    chat.keys(" ", "\x1b[B", " ", ENTER);
    await chat.see("Allow Deploy to run?");
    chat.keys(ENTER);
    const done = await chat.see("Staging is deployed.");
    expect(done).toMatch(/┃ ✓ Deploy to staging · /);
    chat.keys("\x1b[5~");
    const earlier = await chat.see("Look up Oslo");
    expect(earlier).toMatch(/● Weather {2}Look up Rome/);
  });
});
