import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { saveProviderKey } from "@elowen/daemon/provider-keys";
import { afterEach, describe, expect, test } from "vitest";
import type { TestDaemon } from "../support/daemon.js";
import { until } from "../support/until.js";
import { liveChat } from "./app-harness.js";

const live = liveChat();

const SIGN_IN_URL = `https://auth.example.com/oauth/authorize?client_id=elowen-cli&redirect_uri=http%3A%2F%2F127.0.0.1%3A7457%2Fcallback&scope=docs.read&state=${"s".repeat(220)}&end=1`;
const ENTER = "\r";
const ESCAPE = "\x1b";

/** A picker's title line: the title alone on its line, with no leading slash. */
const PICKER_TITLE = (title: string) => new RegExp(`^\\s*${title}\\s*$`, "m");

const restarts: TestDaemon[] = [];
afterEach(async () => {
  for (const daemon of restarts.splice(0)) await daemon.close();
});

/** Restarts the daemon on its data and its port (the chat reconnects to it), with other plugins if given. */
async function restartOnSamePort(t: TestDaemon, plugins?: readonly string[]): Promise<TestDaemon> {
  const port = Number(new URL(t.url).port);
  const next = await t.restart({
    ...(plugins ? { plugins } : {}),
    config: { server: { port }, plugins: { bundled: false } },
  });
  restarts.push(next);
  return next;
}

/** How many turns the open session has (pickers and builtins must create none). */
async function turns(): Promise<number> {
  const id = live.lastChat?.app.session.id;
  if (!live.current || !id) return -1;
  return (await live.current.owner.sessions.history(id)).entries.filter((e) => e.kind === "user")
    .length;
}

describe("picker commands", () => {
  test("render locally from their cliPicker, create no model turn, and show the notice with its URL, opening the browser once", async () => {
    const t = await live.daemon({ bundled: false });
    const chat = await live.chat(t, { fresh: true });
    chat.submit("/signin");
    const picker = await chat.see(PICKER_TITLE("Sign in"));
    expect(picker).toMatch(/→ Docs server\s+needs sign-in \[mcp\]/);
    expect(picker).toContain("r refresh");
    expect(chat.opened).toEqual([]);
    chat.keys(ENTER);
    const notice = await chat.see("Sign in to Docs server in your browser.");
    expect(notice).toContain("Opened in your browser:");
    expect(chat.opened).toEqual([SIGN_IN_URL]);
    expect(notice.replace(/\s+/g, "")).toContain(SIGN_IN_URL);
    expect(await turns()).toBe(0);
  });

  test("shows the URL to copy, and opens nothing, over SSH", async () => {
    const t = await live.daemon({ bundled: false });
    const chat = await live.chat(t, {
      fresh: true,
      env: { SSH_CONNECTION: "10.0.0.1 5000 10.0.0.2 22", DISPLAY: ":0" },
    });
    chat.submit("/signin");
    await chat.see(PICKER_TITLE("Sign in"));
    chat.keys(ENTER);
    const screen = await chat.see(
      "No browser can be opened here (over SSH); copy this URL into a local browser:",
    );
    expect(chat.opened).toEqual([]);
    expect(screen.replace(/\s+/g, "")).toContain(SIGN_IN_URL);
  });

  test("never opens the browser for the answer to an older picker generation", async () => {
    const t = await live.daemon({ bundled: false });
    const chat = await live.chat(t, { fresh: true });
    chat.submit("/signin");
    await chat.see(PICKER_TITLE("Sign in"));
    chat.keys(ENTER, ESCAPE);
    await chat.see("Sign in to Docs server in your browser.");
    expect(chat.opened).toEqual([]);
    expect(await chat.screen()).toContain("Open this URL in a browser:");
  });

  test("re-renders on a refresh answer, and ignores Enter on a disabled row", async () => {
    const t = await live.daemon({ bundled: false });
    const chat = await live.chat(t, { fresh: true });
    chat.submit("/signin");
    await chat.see(PICKER_TITLE("Sign in"));
    chat.keys("r");
    await chat.see(/Refreshed \(render \d\)\./);
    chat.keys("\x1b[B", ENTER);
    await chat.see("(unavailable)");
    expect(chat.opened).toEqual([]);
    expect(await chat.screen()).not.toContain("Sign in to Docs server");
  });

  test("closes a cardAction task picker once its action ran", async () => {
    const t = await live.daemon({ bundled: false });
    const chat = await live.chat(t, { fresh: true });
    chat.submit("/deploy");
    await chat.see(PICKER_TITLE("Deploy"));
    chat.keys(ENTER);
    await chat.see("Deployment to staging started.");
    await until(() => chat?.app.screen.dialog === undefined, "the picker to close");
    expect(await turns()).toBe(0);
  });
});

describe("the command catalog", () => {
  test("is read again when the live events reconnect to a restarted daemon: a withdrawn command leaves the menu", async () => {
    const t = await live.daemon({ bundled: false });
    const chat = await live.chat(t, { fresh: true });
    chat.keys("/", "s");
    await chat.see(/signin\s+Sign in to a documentation server/);
    chat.keys("\x7f", "\x7f");
    // The same data and port, without the plugin that published /signin.
    await restartOnSamePort(t, []);
    await until(
      () => chat.app.session.commands.every((command) => command.name !== "signin"),
      "the catalog to be read again",
    );
    chat.keys("/", "s");
    const menu = await chat.see(/sessions\s+Switch to another conversation/);
    expect(menu).not.toContain("signin");
  });
});

describe("an expired publication", () => {
  test("never opens the browser for a picker rendered from a catalog read before the daemon restarted, and shows the URL", async () => {
    const t = await live.daemon({ bundled: false });
    const chat = await live.chat(t, { fresh: true });
    chat.submit("/signin");
    await chat.see(PICKER_TITLE("Sign in"));
    const read = chat.app.session.catalogGeneration;
    await restartOnSamePort(t);
    await until(
      () => chat.app.session.catalogGeneration > read,
      "the catalog to be read again after the reconnect",
    );
    chat.keys(ENTER);
    const notice = await chat.see("Sign in to Docs server in your browser.");
    expect(notice).toContain("Open this URL in a browser:");
    expect(notice.replace(/\s+/g, "")).toContain(SIGN_IN_URL);
    expect(chat.opened).toEqual([]);
    // A picker rendered from the catalog as it is now opens the browser again.
    const expired = chat.app.screen.dialog?.component;
    chat.keys(ESCAPE);
    await until(() => chat.app.screen.dialog === undefined, "the old picker to close");
    chat.submit("/signin");
    await until(
      () =>
        chat.app.screen.dialog?.kind === "picker" && chat.app.screen.dialog.component !== expired,
      "a fresh picker",
    );
    chat.keys(ENTER);
    await until(() => chat.opened.length === 1, "the browser to open for the fresh picker");
    expect(chat.opened).toEqual([SIGN_IN_URL]);
  });
});

describe("builtin commands", () => {
  test("/rename, /new and /sessions work locally without a model turn", async () => {
    const t = await live.daemon({ bundled: false });
    const chat = await live.chat(t, { fresh: true });
    const first = chat.app.session.id;
    chat.submit("/rename Release notes");
    await chat.see("Renamed this session to “Release notes”.");
    expect((await t.owner.sessions.get(first ?? "")).title).toBe("Release notes");
    chat.submit("/new");
    await chat.see("Started a new session");
    expect(chat.app.session.id).not.toBe(first);
    chat.submit("/sessions");
    await chat.see(PICKER_TITLE("Sessions"));
    chat.keys("\x1b[B", ENTER);
    await until(() => chat?.app.session.id === first, "the switch back to the first session");
    expect(await turns()).toBe(0);
  });

  test("/help lists the catalog and the keys, and /status the daemon's status", async () => {
    const t = await live.daemon({ bundled: false });
    const chat = await live.chat(t, { fresh: true });
    chat.submit("/help");
    const help = await chat.see(/^\W*Commands\s*$/m);
    expect(help).toMatch(/^\s+\/signin\s{2,}Sign in to a documentation server$/m);
    expect(help.replace(/\s+/g, " ")).toContain("Ctrl+O expand answers");
    chat.submit("/status");
    await chat.see(/Core \d+\.\d+\.\d+ · accepting new turns/);
  });

  test("/model lists the session's models, a key stored meanwhile adds its provider's, and /model <provider>/<id> switches the session", async () => {
    const t = await live.daemon({ bundled: false });
    const chat = await live.chat(t, { fresh: true });
    chat.submit("/model");
    const picker = await chat.see(PICKER_TITLE("Models"));
    expect(picker).toMatch(/→ Offline model.*offline\/offline \[current\]/);
    chat.keys(ESCAPE);
    await saveProviderKey(t.home, "openai", "sk-elowen-cli-chat-0123456789");
    chat.submit("/model openai/gpt-4.1");
    await chat.see("This session now runs on GPT-4.1 (openai) from its next turn.");
    const id = live.lastChat?.app.session.id ?? "";
    expect((await t.owner.sessions.models(id)).current).toMatchObject({
      provider: "openai",
      id: "gpt-4.1",
    });
    chat.submit("/model nothing-like-it");
    await chat.see('no model "nothing-like-it" here');
    expect(await turns()).toBe(0);
  });

  test("/login lists the providers with where each key is set, asks for the key without echo, and the running daemon's /model then offers that provider", async () => {
    const t = await live.daemon({ bundled: false });
    const chat = await live.chat(t, {
      fresh: true,
      home: t.home,
      env: { DISPLAY: ":0", ANTHROPIC_API_KEY: "sk-ant-from-the-environment" },
    });
    chat.submit("/login");
    const picker = await chat.see(PICKER_TITLE("Sign in to a model provider"));
    expect(picker).toMatch(
      /anthropic\s+reads ANTHROPIC_API_KEY first \[key set in ANTHROPIC_API_KEY\]/,
    );
    expect(picker).toMatch(/openai\s+reads OPENAI_API_KEY first \[no key\]/);
    chat.keys("\x1b[B", ENTER);
    await chat.see(PICKER_TITLE("openai API key"));
    const key = "sk-elowen-login-picker-0123456789";
    for (const char of key) chat.keys(char);
    const typed = await chat.see(`${key.length} characters`);
    expect(typed).not.toContain(key);
    chat.keys(ENTER);
    const stored = await chat.see("Stored the openai key in");
    expect(stored).not.toContain(key);
    expect(JSON.parse(readFileSync(join(t.home, "provider-keys.json"), "utf8")).keys).toEqual({
      openai: key,
    });
    expect(statSync(join(t.home, "provider-keys.json")).mode & 0o777).toBe(0o600);
    chat.submit("/model openai/gpt-4.1");
    await chat.see("This session now runs on GPT-4.1 (openai) from its next turn.");
    chat.submit("/login");
    await chat.see(/openai\s+reads OPENAI_API_KEY first \[key stored\]/);
    chat.keys(ESCAPE);
    chat.submit("/login nothing");
    await chat.see('/login: "nothing" is not a provider a key can be stored for');
    expect(await turns()).toBe(0);
  });
});
