import { describe, expect, test } from "vitest";
import { BOX_KIT_PLUGIN, type TestDaemon } from "../support/daemon.js";
import { until } from "../support/until.js";
import { type AppHarness, liveChat } from "./app-harness.js";

const live = liveChat();

const TAB = "\t";
const ENTER = "\r";

/** The chat on a daemon with box-kit, whose hooks hold every prompt-box chain. */
async function boxChat(): Promise<{ t: TestDaemon; chat: AppHarness; sessionId: string }> {
  const t = await live.daemon({
    plugins: [BOX_KIT_PLUGIN],
    script: "turns:\n  - steps: [{ text: ok }]\n",
  });
  const chat = await live.chat(t, { fresh: true });
  await chat.see("offline model");
  await until(
    () => chat.app.session.box?.hooked().has("prompt.edit") === true,
    "the hooked chains",
  );
  return { t, chat, sessionId: chat.app.session.id ?? "" };
}

/** What box-kit's routes answer for the chat's session. */
async function plugin(t: TestDaemon, route: string, body: Record<string, unknown>) {
  return t.owner.request("POST", `/plugins/box-kit/${route}`, { body });
}

/** The row of the prompt box's draft: the one under the box's top border. */
function draftRow(chat: AppHarness): number {
  return chat.terminal.viewport().findIndex((line) => line.startsWith("──")) + 1;
}

describe("the prompt box against the daemon's plugin hooks", () => {
  test("shows what prompt.edit's hooks make of each key, with their decorations painted over the draft", async () => {
    const { chat } = await boxChat();
    chat.keys(..."fix #bug :)");
    await until(() => chat.app.screen.box.read().text === "fix #bug ☺", "the hooked edit");
    expect(chat.app.screen.box.read()).toEqual({ text: "fix #bug ☺", cursor: 10 });
    await chat.see("fix #bug ☺");
    const row = draftRow(chat);
    const column = chat.terminal.viewport()[row]?.indexOf("#bug") ?? -1;
    expect(chat.terminal.cell(row, column)).toMatchObject({ char: "#", bold: true, fg: 6 });
    expect(chat.terminal.cell(row, column + 3)).toMatchObject({ char: "g", bold: true, fg: 6 });
    expect(chat.terminal.cell(row, column - 2)).toMatchObject({ char: "x", bold: false });
  });

  test("offers the rows prompt.autocomplete's hooks add for the token, and Tab takes one", async () => {
    const { chat } = await boxChat();
    chat.keys(..."see #to");
    await until(() => chat.app.screen.editor.isShowingAutocomplete(), "the completion menu");
    const screen = await chat.see("#today");
    expect(screen).toMatch(/#todo\s+tag/);
    chat.keys(TAB);
    await until(() => chat.app.screen.box.read().text === "see #today", "the row taken");
  });

  test("lands a plugin's fill through its chain, and the plugin reads the box it left", async () => {
    const { t, chat, sessionId } = await boxChat();
    chat.keys(..."draft");
    await until(() => chat.app.screen.box.read().text === "draft", "the draft");
    const filled = await plugin(t, "fill", {
      sessionId,
      args: { text: " due {today}", mode: "append" },
    });
    expect(filled).toEqual({ isFilled: true, text: "draft due 2026-10-10", cursor: 20 });
    await chat.see("draft due 2026-10-10");
    expect(await plugin(t, "read", { sessionId })).toEqual({
      text: "draft due 2026-10-10",
      cursor: 20,
    });
  });

  test("shows a plugin's suggestion dim in the empty box for Tab to take", async () => {
    const { t, chat, sessionId } = await boxChat();
    expect(await plugin(t, "suggest", { sessionId, args: { text: "  run the tests " } })).toEqual({
      isShown: true,
    });
    await chat.see("run the tests");
    const row = draftRow(chat);
    const column = chat.terminal.viewport()[row]?.indexOf("run") ?? -1;
    expect(chat.terminal.cell(row, column)).toMatchObject({ char: "r", dim: true });
    chat.keys(TAB);
    expect(chat.app.screen.box.read()).toEqual({ text: "run the tests", cursor: 13 });
    // A suggestion never lands over a draft.
    expect(await plugin(t, "suggest", { sessionId, args: { text: "other" } })).toEqual({
      isShown: false,
    });
  });

  test("raises prompt.change when a submit clears the box, and the turn runs on the hooked text", async () => {
    const { t, chat } = await boxChat();
    chat.keys(..."hi :)", ENTER);
    await chat.see("❯ hi ☺");
    await until(async () => {
      const { log } = (await t.owner.request("GET", "/plugins/box-kit/log")) as {
        log: { event: string; input: { origin?: { kind: string } } }[];
      };
      return log.some((row) => row.event === "prompt.change" && row.input.origin?.kind === "clear");
    }, "prompt.change with origin clear");
  });
});
