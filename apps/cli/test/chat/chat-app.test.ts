import { describe, expect, test } from "vitest";
import { until } from "../support/until.js";
import { liveChat } from "./app-harness.js";

const live = liveChat();

const SCRIPT = `turns:
  - steps:
      - text: "Checking **two** cities."
        tools:
          - name: exec
            args:
              script: |
                await tools.Weather({ city: "Oslo", reason: "Look up Oslo" });
                await tools.Weather({ city: "Rome" });
                return "done";
      - text: "Oslo and Rome are sunny."
  - steps:
      - tools:
          - name: AskUserQuestion
            args:
              questions:
                - question: "Which database should the service use?"
                  header: "Database"
                  options:
                    - { label: "Postgres" }
                    - { label: "SQLite (Recommended)" }
      - text: "SQLite it is."
  - steps:
      - tools: [{ name: Clock, args: { label: "Building" } }]
      - tools: [{ name: Slow, args: { reason: "Waiting for the build" } }]
      - text: "never reached"
`;

describe("the chat against a real daemon", () => {
  test("runs a turn with nested rows from the offline model's script, and a reload draws the same screen", async () => {
    const t = await live.daemon({ script: SCRIPT });
    let chat = await live.chat(t, { fresh: true });
    await chat.see("offline model");
    chat.submit("What is the weather?");
    const drawn = await chat.see("Oslo and Rome are sunny.");
    expect(drawn).toContain("❯ What is the weather?");
    expect(drawn).toContain("Checking two cities.");
    expect(drawn).toMatch(/● Weather {2}Look up Oslo · \d/);
    expect(drawn).toMatch(/● Weather {2}Rome · \d/);
    await until(async () => (await chat?.screen())?.includes("── ") === true, "the turn's end");
    const sessionId = chat.app.session.id;
    const before = (await chat.screen()).split("\n").slice(0, 20);
    await chat.app.stop();
    chat = await live.chat(t, { ...(sessionId ? { sessionId } : {}) });
    await chat.see("Oslo and Rome are sunny.");
    expect((await chat.screen()).split("\n").slice(0, 20)).toEqual(before);
  });

  test("Enter on a /name that only begins a command runs that command when no menu is open; an unknown one asks", async () => {
    const t = await live.daemon({ script: "turns: []\n" });
    const chat = await live.chat(t, { fresh: true });
    await chat.see("offline model");
    // The completion menu closed (Escape), as when the keys came faster than it opened.
    chat.keys("/", "s", "e", "s", "s", "\x1b");
    await until(async () => (await chat.screen()).includes("/sess"), "the draft to show");
    chat.keys("\r");
    await chat.see(/^\s*Sessions\s*$/m);
    expect(await chat.screen()).not.toContain("is not a command");
    chat.keys("\x1b");
    await until(async () => !/^\s*Sessions\s*$/m.test(await chat.screen()), "the picker to close");
    chat.submit("/qqq");
    await chat.see("/qqq is not a command");
    const id = chat.app.session.id ?? "";
    expect((await t.owner.sessions.history(id)).entries).toEqual([]);
  });

  test("answers a question with the keyboard through the API, and the record sits beside the row", async () => {
    const t = await live.daemon({ script: SCRIPT });
    const session = await t.owner.sessions.create({ title: "Questions" });
    await t.owner.sessions.submitTurn(session.id, { text: "first", waitForSettle: true });
    const chat = await live.chat(t, { sessionId: session.id });
    chat.submit("Pick a database");
    const asked = await chat.see("? Database");
    expect(asked).toMatch(/› ● SQLite \(recommended\)/);
    chat.keys("\r");
    const answered = await chat.see("SQLite it is.");
    expect(answered).toMatch(/↳ .*Database: SQLite/);
  });
});
