import { afterEach, describe, expect, test } from "vitest";
import type { CatalogCommand } from "../../src/chat/catalog-command.js";
import { type ScreenHarness, screenHarness } from "../support/screen-harness.js";
import { until } from "../support/until.js";
import { id } from "../support/wire.js";

let h: ScreenHarness | undefined;
afterEach(() => h?.close());

const CTRL_C = "\x03";
const CTRL_D = "\x04";

const COMMANDS: CatalogCommand[] = [
  {
    name: "help",
    description: "List the commands you can use",
    kind: "picker",
    mechanism: "builtin",
    owner: "core",
    adminOnly: false,
  },
  {
    name: "review",
    description: "Review the diff",
    kind: "prompt",
    mechanism: "prompt",
    owner: "acme",
    adminOnly: false,
    argumentHint: "<path>",
  },
  {
    name: "skills",
    description: "Your skills",
    kind: "picker",
    mechanism: "picker",
    owner: "@elowen/plugin-skills",
    adminOnly: false,
    cliPicker: { scope: "account" },
  },
];

function running(harness: ScreenHarness): void {
  harness.session.activity.fromState({
    running: { turnId: id("t"), origin: { kind: "composer" }, startedAt: harness.clock.now },
    queued: [],
    questions: [],
    permissions: [],
  });
}

describe("Ctrl+C", () => {
  test("aborts the running turn, and a second Ctrl+C exits", async () => {
    h = screenHarness();
    running(h);
    h.keys(CTRL_C);
    expect(h.actions).toMatchObject({ aborted: 1, exited: 0 });
    expect((await h.draw()).join("\n")).toContain("Stopping the turn · ctrl+c again quits");
    h.keys(CTRL_C);
    expect(h.actions).toMatchObject({ aborted: 1, exited: 1 });
  });

  test("when idle, clears the draft and asks for a second press; another key disarms it", async () => {
    h = screenHarness();
    h.keys(..."draft", CTRL_C);
    expect(h.screen.editor.getText()).toBe("");
    expect((await h.draw()).join("\n")).toContain("Press ctrl+c again to quit");
    h.keys("x", CTRL_C);
    expect(h.actions.exited).toBe(0);
    h.keys(CTRL_C);
    expect(h.actions.exited).toBe(1);
  });

  test("Ctrl+D on an empty prompt exits, and does nothing with a draft", () => {
    h = screenHarness();
    h.keys("a", CTRL_D);
    expect(h.actions.exited).toBe(0);
    h.keys("\x7f", CTRL_D);
    expect(h.actions.exited).toBe(1);
  });
});

describe("slash commands", () => {
  test("typing / opens a completion menu of the catalog's commands with their descriptions", async () => {
    h = screenHarness({ commands: COMMANDS });
    h.keys("/");
    await until(() => h?.screen.editor.isShowingAutocomplete() === true, "the completion menu");
    const screen = (await h.draw()).join("\n");
    expect(screen).toMatch(/help\s+List the commands you can use/);
    expect(screen).toMatch(/review\s+<path> — Review the diff/);
    expect(screen).toMatch(/skills\s+Your skills/);
    h.keys(..."rev");
    await until(
      async () => !(await h?.draw())?.join("\n").includes("skills"),
      "the menu to narrow",
    );
    expect((await h.draw()).join("\n")).toMatch(/review\s+<path> — Review the diff/);
  });
});
