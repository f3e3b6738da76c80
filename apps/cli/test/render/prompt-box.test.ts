import { afterEach, describe, expect, test } from "vitest";
import { HookBus, hookBusChains } from "../support/hook-bus-chains.js";
import { type ScreenHarness, screenHarness } from "../support/screen-harness.js";
import { until } from "../support/until.js";

let h: ScreenHarness | undefined;
afterEach(() => h?.close());

const ENTER = "\r";
const TAB = "\t";
const RIGHT = "\x1b[C";
const UP = "\x1b[A";

/** The row of the prompt box's draft (the line under the box's top border). */
async function draftRow(harness: ScreenHarness): Promise<number> {
  const lines = await harness.draw();
  const border = lines.findIndex(
    (line, i) => i > 0 && line.startsWith("─") && lines[i - 1]?.includes("ctrl+c"),
  );
  return border + 1;
}

/** Lets pending chain answers land (the box applies them from a resolved promise). */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setImmediate(resolve));
}

describe("the prompt box's chains", () => {
  test("raises prompt.edit for each key, shows the hook's answer, and paints its decorations over the draft", async () => {
    const bus = new HookBus();
    bus.on("shout", "prompt.edit", async (_$, e, next) => {
      const box = await next({ ...e, inputText: e.inputText.toUpperCase() });
      return {
        ...box,
        decorations: [{ start: 0, end: Math.min(2, box.text.length), bold: true, color: "red" }],
      };
    });
    const chains = hookBusChains(bus);
    h = screenHarness({ chains });
    h.keys("a", "b", "c");
    await settle();
    expect(h.screen.box.read()).toEqual({ text: "ABC", cursor: 3 });
    expect(chains.raised.filter((r) => r.event === "prompt.edit").map((r) => r.input)).toEqual([
      {
        origin: { kind: "composer" },
        key: { name: "a", sequence: "a" },
        text: "",
        cursor: 0,
        start: 0,
        end: 0,
        inputText: "a",
      },
      {
        origin: { kind: "composer" },
        key: { name: "b", sequence: "b" },
        text: "A",
        cursor: 1,
        start: 1,
        end: 1,
        inputText: "b",
      },
      {
        origin: { kind: "composer" },
        key: { name: "c", sequence: "c" },
        text: "AB",
        cursor: 2,
        start: 2,
        end: 2,
        inputText: "c",
      },
    ]);
    const row = await draftRow(h);
    expect(h.terminal.viewport()[row]).toMatch(/^ ABC/);
    expect(h.terminal.cell(row, 1)).toMatchObject({ char: "A", bold: true, fg: 1 });
    expect(h.terminal.cell(row, 2)).toMatchObject({ char: "B", bold: true, fg: 1 });
    expect(h.terminal.cell(row, 3)).toMatchObject({ char: "C", bold: false, fg: undefined });
  });

  test("keeps a key out when a hook answers the box unchanged without calling next", async () => {
    const bus = new HookBus();
    bus.on("no-digits", "prompt.edit", (_$, e, next) =>
      /\d/.test(e.inputText) ? { text: e.text, cursor: e.cursor } : next(e),
    );
    h = screenHarness({ chains: hookBusChains(bus) });
    h.keys("a", "1", "b", "2");
    await settle();
    expect(h.screen.box.read()).toEqual({ text: "ab", cursor: 2 });
  });

  test("raises prompt.change with the history origin on a recall, and clear on a submit", async () => {
    const bus = new HookBus();
    bus.on("watch", "prompt.change", (_$, e, next) => next(e));
    const chains = hookBusChains(bus);
    h = screenHarness({ chains });
    h.keys(..."first", ENTER);
    h.keys(UP);
    await settle();
    expect(h.actions.submitted).toEqual(["first"]);
    expect(chains.raised.filter((r) => r.event === "prompt.change").map((r) => r.input)).toEqual([
      { text: "", cursor: 0, origin: { kind: "clear" } },
      { text: "first", cursor: 5, origin: { kind: "history" } },
    ]);
  });

  test("raises prompt.change with the clear origin when Ctrl+C empties the draft, and drops its decorations", async () => {
    const bus = new HookBus();
    bus.on("mark", "prompt.edit", async (_$, e, next) => ({
      ...(await next(e)),
      decorations: [{ start: 0, end: 1, bold: true }],
    }));
    bus.on("watch", "prompt.change", (_$, e, next) => next(e));
    const chains = hookBusChains(bus);
    h = screenHarness({ chains });
    h.keys("h", "i");
    await settle();
    expect(h.screen.editor.decorations).not.toEqual([]);
    h.keys("\x03");
    await settle();
    expect(h.screen.editor.getText()).toBe("");
    expect(h.screen.editor.decorations).toEqual([]);
    expect(chains.raised.filter((r) => r.event === "prompt.change").map((r) => r.input)).toEqual([
      { text: "", cursor: 0, origin: { kind: "clear" } },
    ]);
    h.keys("\x03");
    expect(h.actions.exited).toBe(1);
  });

  test("raises nothing at all when no plugin hooks the box", async () => {
    const chains = hookBusChains(new HookBus());
    h = screenHarness({ chains });
    h.keys(..."hello", ENTER);
    await settle();
    expect(chains.raised).toEqual([]);
    expect(h.actions.submitted).toEqual(["hello"]);
  });

  test("lists a plugin's autocomplete rows under the engine's own, and taking one writes it in place of the token", async () => {
    const bus = new HookBus();
    bus.on("tags", "prompt.autocomplete", { token: /^#/ }, async (_$, e, next) => {
      const below = await next(e);
      return {
        suggestions: [
          ...below.suggestions,
          { text: "#todo", description: "a todo tag" },
          { text: "#today" },
        ],
      };
    });
    h = screenHarness({ chains: hookBusChains(bus) });
    h.keys(..."fix #to");
    await until(() => h?.screen.editor.isShowingAutocomplete() === true, "the completion menu");
    const screen = (await h.draw()).join("\n");
    expect(screen).toMatch(/#todo\s+a todo tag/);
    expect(screen).toContain("#today");
    h.keys(TAB);
    await settle();
    expect(h.screen.box.read()).toEqual({ text: "fix #todo", cursor: 9 });
  });
});

describe("the completion menu and the box's chains", () => {
  test("raises a key typed while the menu shows as the person's edit, and a taken row as the engine's change", async () => {
    const bus = new HookBus();
    bus.on("tags", "prompt.autocomplete", { token: /^#/ }, async (_$, e, next) => ({
      suggestions: [...(await next(e)).suggestions, { text: "#todo" }, { text: "#today" }],
    }));
    bus.on("edits", "prompt.edit", (_$, e, next) => next(e));
    bus.on("changes", "prompt.change", (_$, e, next) => next(e));
    const chains = hookBusChains(bus);
    h = screenHarness({ chains });
    h.keys(..."#t");
    await until(() => h?.screen.editor.isShowingAutocomplete() === true, "the completion menu");
    h.keys("o");
    await settle();
    const edits = chains.raised.filter((r) => r.event === "prompt.edit");
    expect(edits.at(-1)?.input).toMatchObject({ text: "#t", inputText: "o" });
    await until(() => h?.screen.editor.isShowingAutocomplete() === true, "the menu again");
    h.keys(TAB);
    await settle();
    expect(h.screen.box.read().text).toBe("#todo");
    expect(chains.raised.filter((r) => r.event === "prompt.change").map((r) => r.input)).toEqual([
      { text: "#todo", cursor: 5, origin: { kind: "engine" } },
    ]);
  });
});

describe("suggestions and fills", () => {
  test("shows a suggestion dim in the empty box; Tab takes it into the box for editing", async () => {
    h = screenHarness();
    expect(h.screen.box.suggest("run the tests")).toEqual({ isShown: true });
    const row = await draftRow(h);
    expect(h.terminal.viewport()[row]).toContain("run the tests");
    expect(h.terminal.cell(row, 2)).toMatchObject({ char: "r", dim: true });
    h.keys(TAB);
    expect(h.screen.box.read()).toEqual({ text: "run the tests", cursor: 13 });
  });

  test("takes a suggestion with Right too, and refuses one while the box holds text or a turn runs", async () => {
    h = screenHarness();
    h.screen.box.suggest("first");
    h.keys(RIGHT);
    expect(h.screen.box.read().text).toBe("first");
    expect(h.screen.box.suggest("second")).toEqual({ isShown: false });
    h.screen.editor.setText("");
    expect(h.screen.box.suggest("   ")).toEqual({ isShown: false });
    h.session.activity.fromState({
      running: { turnId: "t_1", origin: { kind: "composer" }, startedAt: 0 },
      queued: [],
      questions: [],
      permissions: [],
    });
    expect(h.screen.box.suggest("third")).toEqual({ isShown: false });
  });

  test("lands a plugin's fill at the caret with its decorations moved there, and refuses it while a dialog holds the keys", async () => {
    h = screenHarness();
    h.keys(..."ab", "\x1b[D");
    const filled = h.screen.box.fill({
      text: "X\u200bY",
      mode: "insert",
      origin: { kind: "plugin", name: "acme" },
      decorations: [{ start: 0, end: 2, underline: true }],
    });
    expect(filled).toEqual({ isFilled: true, text: "aXYb", cursor: 3 });
    expect(h.screen.editor.decorations).toEqual([{ start: 1, end: 3, underline: true }]);
    expect(h.screen.box.fill({ text: "!", mode: "append", origin: { kind: "engine" } })).toEqual({
      isFilled: true,
      text: "aXYb!",
      cursor: 5,
    });
    expect(h.screen.box.fill({ text: "new", mode: "replace", origin: { kind: "engine" } })).toEqual(
      { isFilled: true, text: "new", cursor: 3 },
    );
    h.screen.setDialog({
      kind: "picker",
      component: { render: () => [], invalidate: () => {}, handleInput: () => {} } as never,
    });
    expect(h.screen.box.fill({ text: "x", mode: "append", origin: { kind: "engine" } })).toEqual({
      isFilled: false,
      refusal: "dialog",
      text: "new",
      cursor: 3,
    });
  });
});
