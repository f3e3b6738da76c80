import type { EventSubscription } from "@elowen/client";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { BOX_KIT_PLUGIN, startWebDaemon, type WebDaemon } from "../../test/e2e/harness.js";
import { pendingEdit, replay } from "./box-edits.js";
import { PromptBoxModel } from "./prompt-box.js";

let web: WebDaemon;
beforeAll(async () => {
  web = await startWebDaemon(undefined, { plugins: { dirs: [BOX_KIT_PLUGIN] } });
});
afterAll(() => web.close());

/** Resolves once `check` holds, looking again after each change of the box. */
function until(box: PromptBoxModel, check: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    if (check()) return resolve();
    const stop = box.subscribe(() => {
      if (!check()) return;
      stop();
      resolve();
    });
  });
}

/** A box on a fresh session, answering plugins' requests from the session's live stream. */
async function openBox(): Promise<{
  box: PromptBoxModel;
  sessionId: string;
  stream: EventSubscription;
}> {
  const sessionId = (await web.owner.sessions.create()).id;
  const box = new PromptBoxModel(web.owner, sessionId);
  await box.refresh();
  let opened!: () => void;
  const open = new Promise<void>((resolve) => {
    opened = resolve;
  });
  const stream = web.owner.sessions.events(sessionId, {
    onOpen: () => opened(),
    onEvent: (event) => box.handle(event),
  });
  await open;
  return { box, sessionId, stream };
}

/** Types `text` key by key, as fast as the browser would, without waiting for any answer. */
function type(box: PromptBoxModel, text: string): void {
  for (const char of text) {
    const { text: draft, cursor } = box.box;
    box.input(
      { text: draft.slice(0, cursor) + char + draft.slice(cursor), cursor: cursor + 1 },
      { name: char, sequence: char },
    );
  }
}

describe("pending edits", () => {
  test("replay on the box an answer left, where its caret is, as keys re-fed to an editor", () => {
    const before = { text: "ab", cursor: 2 };
    const typed = pendingEdit(before, { start: 2, end: 2, inputText: "c" });
    const deleted = pendingEdit({ text: "abc", cursor: 3 }, { start: 2, end: 3, inputText: "" });
    // The answer rewrote the draft: the keys still land at its caret.
    expect(replay({ text: "XY", cursor: 1 }, [], [typed, deleted]).box).toEqual({
      text: "XY",
      cursor: 1,
    });
    expect(replay({ text: "XYZ", cursor: 3 }, [], [typed]).box).toEqual({
      text: "XYZc",
      cursor: 4,
    });
    // A deletion past the start of the text is clamped into it.
    const far = pendingEdit({ text: "abc", cursor: 3 }, { start: 0, end: 3, inputText: "" });
    expect(replay({ text: "x", cursor: 1 }, [], [far]).box).toEqual({ text: "", cursor: 0 });
  });

  test("keep decorations on their characters while their answers are pending", () => {
    const edit = pendingEdit({ text: "ab", cursor: 0 }, { start: 0, end: 0, inputText: "zz" });
    expect(replay({ text: "ab", cursor: 0 }, [{ start: 0, end: 2, bold: true }], [edit])).toEqual({
      box: { text: "zzab", cursor: 2 },
      decorations: [{ start: 2, end: 4, bold: true }],
    });
  });
});

describe("the web's prompt box against the daemon's hooks", () => {
  test("shows what prompt.edit's hooks made of keys typed before any answer came back", async () => {
    const { box, stream } = await openBox();
    expect([...box.hooked].sort()).toEqual(["prompt.autocomplete", "prompt.change", "prompt.edit"]);
    type(box, "ok :) #bug :)");
    await until(box, () => box.box.text === "ok ☺ #bug ☺");
    expect(box.box).toEqual({ text: "ok ☺ #bug ☺", cursor: 11 });
    expect(box.decorations).toEqual([{ start: 5, end: 9, color: "cyan", bold: true }]);
    await stream.close();
  });

  test("asks for typeahead rows for the token at the caret and takes one in its place", async () => {
    const { box, stream } = await openBox();
    type(box, "see #to");
    await until(box, () => box.rows.length === 2);
    expect(box.rows).toEqual([
      { text: "#today", description: "tag" },
      { text: "#todo", description: "tag" },
    ]);
    const [today] = box.rows;
    if (today) box.takeRow(today);
    expect(box.box).toEqual({ text: "see #today", cursor: 10 });
    await stream.close();
  });

  test("lands a plugin's fill, answers its read, and shows a suggestion only in the empty box", async () => {
    const { box, sessionId, stream } = await openBox();
    type(box, "draft");
    await until(box, () => box.box.text === "draft");
    const fill = (args: unknown) =>
      web.owner.request("POST", "/plugins/box-kit/fill", { body: { sessionId, args } });
    expect(await fill({ text: " due {today}", mode: "append" })).toEqual({
      isFilled: true,
      text: "draft due 2026-10-10",
      cursor: 20,
    });
    expect(box.box.text).toBe("draft due 2026-10-10");
    expect(
      await web.owner.request("POST", "/plugins/box-kit/read", { body: { sessionId } }),
    ).toEqual({ text: "draft due 2026-10-10", cursor: 20 });
    const suggest = (text: string) =>
      web.owner.request("POST", "/plugins/box-kit/suggest", {
        body: { sessionId, args: { text } },
      });
    expect(await suggest("run the tests")).toEqual({ isShown: false });
    box.set({ text: "", cursor: 0 }, "clear");
    expect(await suggest("run the tests")).toEqual({ isShown: true });
    expect(box.suggestion).toBe("run the tests");
    expect(box.takeSuggestion()).toBe(true);
    expect(box.box).toEqual({ text: "run the tests", cursor: 13 });
    box.dialogOpen = true;
    expect(await fill({ text: "x", mode: "append" })).toEqual({
      isFilled: false,
      refusal: "dialog",
      text: "run the tests",
      cursor: 13,
    });
    await stream.close();
  });

  test("raises prompt.change for a clear and a taken completion, with their origins", async () => {
    const { box, sessionId, stream } = await openBox();
    box.set({ text: "", cursor: 0 }, "clear");
    box.set({ text: "/skills ", cursor: 8 });
    const changes = async () => {
      const { log } = (await web.owner.request("GET", "/plugins/box-kit/log")) as {
        log: { event: string; input: unknown }[];
      };
      return log.filter((row) => row.event === "prompt.change").map((row) => row.input);
    };
    await expect.poll(changes).toEqual(
      expect.arrayContaining([
        { text: "", cursor: 0, origin: { kind: "clear" } },
        { text: "/skills ", cursor: 8, origin: { kind: "engine" } },
      ]),
    );
    expect(sessionId).toMatch(/^s_/);
    await stream.close();
  });

  test("keeps the person's edits when the daemon has no prompt-box hooks or no route at all", async () => {
    const sessionId = (await web.owner.sessions.create()).id;
    const offline = new PromptBoxModel(undefined, sessionId);
    type(offline, "plain :)");
    expect(offline.box).toEqual({ text: "plain :)", cursor: 8 });
    expect(offline.decorations).toEqual([]);
  });
});
