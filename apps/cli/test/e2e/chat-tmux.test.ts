import { afterEach, describe, expect, test } from "vitest";
import { until } from "../support/until.js";
import { BIN, type E2eDaemon, startE2eDaemon } from "./e2e-daemon.js";
import { TmuxPane } from "./tmux.js";

let daemon: E2eDaemon | undefined;
const panes: TmuxPane[] = [];
afterEach(async () => {
  for (const pane of panes.splice(0)) pane.close();
  await daemon?.stop();
  daemon = undefined;
});

/** `elowen` (the real bin) in a tmux pane, with a display and the recording browser opener on PATH. */
function elowen(d: E2eDaemon, ...args: string[]): TmuxPane {
  const pane = new TmuxPane(["node", BIN, ...args], {
    env: {
      ELOWEN_HOME: d.home,
      DISPLAY: ":99",
      PATH: `${d.bin}:${process.env.PATH ?? ""}`,
      TERM: "xterm-256color",
    },
  });
  panes.push(pane);
  return pane;
}

const NESTED = `turns:
  - steps:
      - text: "Checking **two** cities."
        tools:
          - name: exec
            args:
              script: |
                await tools.Weather({ city: "Oslo", reason: "Look up Oslo" });
                await tools.Weather({ city: "Rome", reason: "Look up Rome" });
                return "done";
      - text: "Both are sunny."
`;

describe("elowen in tmux against elowen daemon", { timeout: 60_000 }, () => {
  test("runs a turn whose exec call draws nested rows in its place, and reopening the session draws the same screen", async () => {
    daemon = await startE2eDaemon(NESTED);
    const chat = elowen(daemon, "--new");
    await chat.see("enter sends");
    chat.keys({ text: "What is the weather?" }, "Enter");
    const live = await chat.see(/Both are sunny\.[\s\S]*── /);
    expect(live).toMatch(/● Weather {2}Look up Oslo · \d/);
    expect(live).toMatch(/● Weather {2}Look up Rome · \d/);
    expect(live).not.toMatch(/● exec/);
    const sessionId = (await daemon.owner.sessions.list()).sessions[0]?.id ?? "";
    chat.keys("C-c", "C-c");
    await chat.see("[exited 0]");
    const again = elowen(daemon, "--session", sessionId);
    const reloaded = await again.see(/Both are sunny\.[\s\S]*── /);
    const transcript = (screen: string) =>
      screen
        .split("\n")
        .slice(0, 12)
        .map((line) => line.trimEnd());
    expect(transcript(reloaded)).toEqual(transcript(live));
  });

  test("what was typed is what runs: `/` then `sess` Enter at once opens /sessions; an unknown /name asks before it goes to the model", async () => {
    daemon = await startE2eDaemon("turns: []\n");
    const chat = elowen(daemon, "--new");
    await chat.see("enter sends");
    // Typed faster than the completion menu follows: the menu was computed for "/".
    chat.keys({ text: "/" }, { text: "sess" }, "Enter");
    await chat.see("Sessions");
    const sessionId = (await daemon.owner.sessions.list()).sessions[0]?.id ?? "";
    expect((await daemon.owner.sessions.history(sessionId)).entries).toEqual([]);
    chat.keys("Escape");
    await chat.gone("Sessions");
    // Typed and sent at once: nothing the menu offers for "/" or "/z" replaces it.
    chat.keys({ text: "/zzz" }, "Enter");
    const asked = await chat.see("/zzz is not a command");
    expect(asked).toMatch(/\/zzz\s*$/m);
    expect((await daemon.owner.sessions.history(sessionId)).entries).toEqual([]);
    chat.keys("Enter");
    await until(
      async () => (await daemon?.owner.sessions.history(sessionId))?.entries.length !== 0,
      "the confirmed /zzz to go to the model",
    );
  });

  test("a message sent while the daemon is down stays in the box with a plain reason; quitting says how to resume", async () => {
    daemon = await startE2eDaemon("turns: []\n");
    const chat = elowen(daemon, "--new");
    await chat.see("enter sends");
    const url = daemon.url;
    await daemon.stop();
    daemon = undefined;
    chat.keys({ text: "Keep this message" }, "Enter");
    const screen = await chat.see(`the daemon at ${url} is not answering`);
    expect(screen).toMatch(/Keep this message\s*$/m);
    chat.keys("C-c", "C-c");
    await chat.see(/Resume this session with `npx elowen --session s_\w+`/);
  });

  test("redraws cleanly when the terminal is resized: the same screen a chat opened at that size draws", async () => {
    daemon = await startE2eDaemon(NESTED);
    const chat = elowen(daemon, "--new");
    await chat.see("enter sends");
    chat.keys({ text: "What is the weather?" }, "Enter");
    await chat.see(/Both are sunny\.[\s\S]*── /);
    chat.resize(64, 26);
    const sessionId = (await daemon.owner.sessions.list()).sessions[0]?.id ?? "";
    const fresh = new TmuxPane(["node", BIN, "--session", sessionId], {
      columns: 64,
      rows: 26,
      env: { ELOWEN_HOME: daemon.home, TERM: "xterm-256color" },
    });
    panes.push(fresh);
    const rows = (screen: string) =>
      screen
        .split("\n")
        .map((line) => line.trimEnd())
        .slice(0, 16);
    const expected = rows(await fresh.see(/Both are sunny\.[\s\S]*── [\s\S]*enter sends/));
    // The resized pane settles on the fresh pane's screen (tmux may show a frame in between).
    await until(
      () => JSON.stringify(rows(chat.capture())) === JSON.stringify(expected),
      `the resized pane to match:\n${expected.join("\n")}`,
    );
    expect(
      chat
        .capture()
        .split("\n")
        .every((line) => [...line.trimEnd()].length <= 64),
    ).toBe(true);
  });

  test("answers AskUserQuestion with the keyboard: the recommended option is marked, another is chosen", async () => {
    daemon = await startE2eDaemon(`turns:
  - steps:
      - tools:
          - name: AskUserQuestion
            args:
              questions:
                - question: "Which database should the service use?"
                  header: "Database"
                  options:
                    - { label: "SQLite (Recommended)", description: "One file" }
                    - { label: "Postgres", description: "A server" }
      - text: "Noted."
`);
    const chat = elowen(daemon, "--new");
    await chat.see("enter sends");
    chat.keys({ text: "pick one" }, "Enter");
    const asked = await chat.see("? Database");
    expect(asked).toMatch(/› ● SQLite \(recommended\)/);
    chat.keys("Down", "Enter");
    const answered = await chat.see("Noted.");
    expect(answered).toMatch(/↳ Database: Postgres/);
  });

  test("renders a picker locally; its action shows the notice and the whole URL, and the browser opener runs once", async () => {
    daemon = await startE2eDaemon("turns: []\n");
    const chat = elowen(daemon, "--new");
    await chat.see("enter sends");
    chat.keys({ text: "/signin" });
    await chat.see("Sign in to a documentation server");
    chat.keys("Enter");
    await chat.see(/^Sign in\s*$/m);
    expect(daemon.opened()).toEqual([]);
    chat.keys("Enter");
    await chat.see("Opened in your browser:");
    const notice = await chat.see(/Opened in your browser:[\s\S]*&end=1/);
    expect(notice).toContain("Sign in to Docs server in your browser.");
    await until(() => daemon?.opened().length === 1, "the browser opener to run");
    const url = daemon.opened()[0] ?? "";
    expect(url).toMatch(/^https:\/\/auth\.example\.com\/oauth\/authorize\?/);
    const lines = notice.split("\n").map((line) => line.trimEnd());
    const from = lines.findIndex((line) => line.includes("Opened in your browser:")) + 1;
    const rows: string[] = [];
    for (const line of lines.slice(from)) {
      if (!/^ {2}\S+$/.test(line)) break;
      rows.push(line.trim());
    }
    expect(rows.join("")).toBe(url);
    chat.keys("Escape");
    await until(
      () => !/^Sign in\s*$/m.test(chat.capture()) && !chat.capture().includes("→ Docs server"),
      `the picker to close: ${chat.capture()}`,
    );
    expect(daemon.opened()).toHaveLength(1);
    expect((await daemon.owner.sessions.list()).sessions.length).toBe(1);
  });

  test("pins a card above the status bar and its clock keeps counting; Ctrl+C stops the turn", async () => {
    daemon = await startE2eDaemon(`turns:
  - steps:
      - tools: [{ name: Clock, args: { label: "Building" } }]
      - tools: [{ name: Slow, args: { reason: "Waiting for the build" } }]
`);
    const chat = elowen(daemon, "--new");
    await chat.see("enter sends");
    chat.keys({ text: "build" }, "Enter");
    const first = await chat.see(/┃ \S Building · (\d+\.\d)s/);
    const early = Number(/Building · (\d+\.\d)s/.exec(first)?.[1]);
    const later = await chat.see(
      new RegExp(`Building · (?!${early.toFixed(1).replace(".", "\\.")}s)\\d+\\.\\ds`),
    );
    expect(Number(/Building · (\d+\.\d)s/.exec(later)?.[1])).toBeGreaterThan(early);
    expect(later).toMatch(/Waiting for the build · \d/);
    expect(later).not.toContain("Not pinned");
    const lines = later.split("\n");
    const card = lines.findIndex((line) => line.startsWith("┃ Clock"));
    expect(lines[card + 2]).toMatch(/Waiting for the build/);
    chat.keys("C-c");
    await chat.see("⏹ interrupted after");
  });
});
