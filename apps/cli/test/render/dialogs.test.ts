import type { PendingPermission, PendingQuestion } from "@elowen/wire";
import { afterEach, describe, expect, test } from "vitest";
import { permissionDialog, questionDialog } from "../../src/chat/dialogs.js";
import { type ChoiceAnswer, QUESTION_PREVIEW_MAX_LINES } from "../../src/dialogs/choice-dialog.js";
import { type ScreenHarness, screenHarness } from "../support/screen-harness.js";
import { id } from "../support/wire.js";

let h: ScreenHarness | undefined;
afterEach(() => h?.close());

const DOWN = "\x1b[B";
const ENTER = "\r";
const SPACE = " ";

function pending(questions: PendingQuestion["questions"]): PendingQuestion {
  return {
    questionId: id("q"),
    turnId: id("t"),
    plugin: "@elowen/plugin-askuser",
    questions,
    expiresAt: 1_800_000_000_000,
  };
}

function show(question: PendingQuestion): ChoiceAnswer[][] {
  const answers: ChoiceAnswer[][] = [];
  const clock = h?.clock;
  const dialog = questionDialog(question, () => clock?.now ?? 0);
  dialog.onDone = (all) => answers.push([...all]);
  h?.screen.setDialog({ kind: "question", id: question.questionId, component: dialog });
  return answers;
}

describe("the question selector", () => {
  test("marks the recommended option, starts on it, and answers with its label when Enter is pressed", async () => {
    h = screenHarness();
    const answers = show(
      pending([
        {
          question: "Which database should the service use?",
          header: "Database",
          options: [
            { label: "Postgres", description: "A server" },
            { label: "SQLite", description: "One file", recommended: true },
          ],
          allowOther: true,
        },
      ]),
    );
    const screen = (await h.draw()).join("\n");
    expect(screen).toContain("? Database");
    expect(screen).toContain("Which database should the service use?");
    expect(screen).toMatch(/› ● SQLite \(recommended\)/);
    expect(screen).toContain("○ Postgres");
    expect(screen).toContain("Other… (type your own)");
    h.keys(ENTER);
    expect(answers).toEqual([[{ selected: ["SQLite"] }]]);
  });

  test("clips a header longer than the screen to its width, and never the question", async () => {
    h = screenHarness({ columns: 40 });
    show(
      pending([
        {
          question: "A question that is long enough to need two rows here",
          header: "H".repeat(100),
          options: [{ label: "a" }, { label: "b" }],
        },
      ]),
    );
    const lines = await h.draw();
    const header = lines.find((line) => line.startsWith("? H"));
    expect(header).toBe(`? ${"H".repeat(37)}…`);
    expect(lines.join(" ")).toMatch(/A question that is long enough to need\s+two rows here/);
  });

  test("toggles several options with Space where multi-select is asked, and takes typed text for Other", async () => {
    h = screenHarness();
    const answers = show(
      pending([
        {
          question: "Which?",
          header: "Pick",
          multiSelect: true,
          options: [{ label: "red" }, { label: "green" }, { label: "blue" }],
        },
        {
          question: "Why?",
          header: "Reason",
          options: [{ label: "taste" }, { label: "habit" }],
          allowOther: true,
        },
      ]),
    );
    h.keys(SPACE, DOWN, DOWN, SPACE);
    const screen = (await h.draw()).join("\n");
    expect(screen).toContain("[x] red");
    expect(screen).toContain("[ ] green");
    expect(screen).toContain("[x] blue");
    expect(screen).toContain("(1/2)");
    h.keys(ENTER);
    expect((await h.draw()).join("\n")).toContain("? Reason (2/2)");
    h.keys(DOWN, DOWN, ENTER, ..."it is quick", ENTER);
    expect(answers).toEqual([
      [{ selected: ["red", "blue"] }, { selected: [], other: "it is quick" }],
    ]);
  });

  test("shows the highlighted option's Markdown preview under the options, following the arrow keys", async () => {
    h = screenHarness();
    const answers = show(
      pending([
        {
          question: "Which layout?",
          header: "Layout",
          options: [
            { label: "Sidebar", preview: "## Sidebar\n\nNavigation on the **left**." },
            { label: "Tabs", preview: "- one tab per page\n- `ctrl+tab` switches" },
          ],
        },
      ]),
    );
    let screen = (await h.draw()).join("\n");
    expect(screen).toContain("Sidebar");
    expect(screen).toContain("Navigation on the left.");
    expect(screen).not.toContain("## Sidebar");
    expect(screen).not.toContain("one tab per page");
    h.keys(DOWN);
    screen = (await h.draw()).join("\n");
    expect(screen).toContain("one tab per page");
    expect(screen).toContain("ctrl+tab switches");
    expect(screen).not.toContain("Navigation on the left.");
    h.keys(ENTER);
    expect(answers).toEqual([[{ selected: ["Tabs"] }]]);
  });

  test.each([
    { rows: QUESTION_PREVIEW_MAX_LINES, shown: QUESTION_PREVIEW_MAX_LINES, more: undefined },
    { rows: QUESTION_PREVIEW_MAX_LINES + 1, shown: QUESTION_PREVIEW_MAX_LINES - 1, more: 2 },
    {
      rows: 200,
      shown: QUESTION_PREVIEW_MAX_LINES - 1,
      more: 200 - QUESTION_PREVIEW_MAX_LINES + 1,
    },
  ])(
    "draws a preview of $rows rows as $shown of them, counting what it left out",
    async ({ rows, shown, more }) => {
      h = screenHarness({ rows: 40 });
      const lines = Array.from({ length: rows }, (_, i) => `preview line ${i + 1}`);
      // One list item is one row of the rendered preview.
      show(
        pending([
          {
            question: "Which?",
            header: "Pick",
            options: [
              { label: "a", preview: lines.map((line) => `- ${line}`).join("\n") },
              { label: "b" },
            ],
          },
        ]),
      );
      const screen = (await h.draw()).join("\n");
      const drawn = screen.match(/preview line \d+/g) ?? [];
      expect(drawn).toEqual(lines.slice(0, shown));
      if (more === undefined) expect(screen).not.toContain("more preview");
      else expect(screen).toContain(`… ${more} more preview lines`);
    },
  );

  test("shrinks a preview to the rows a short screen leaves, never pushing the header or the options off", async () => {
    h = screenHarness({ rows: 16 });
    const lines = Array.from({ length: 40 }, (_, i) => `- preview line ${i + 1}`);
    show(
      pending([
        {
          question: "Which?",
          header: "Pick",
          options: [{ label: "alpha", preview: lines.join("\n") }, { label: "beta" }],
        },
      ]),
    );
    const screen = await h.draw();
    expect(screen).toHaveLength(16);
    const text = screen.join("\n");
    expect(text).toContain("? Pick");
    expect(text).toContain("› ● alpha");
    expect(text).toContain("○ beta");
    expect(text).toContain("↑↓ move · enter choose");
    expect(text).toContain("preview line 1");
    expect(text).toMatch(/… \d+ more preview lines/);
    // The status bar keeps its row above the dialog.
    expect(screen[screen.indexOf("? Pick") - 1]).toContain("ctrl+c twice quits");
  });

  test("counts down to the question's expiry on the local clock, in seconds for the last minute", async () => {
    h = screenHarness();
    show({
      ...pending([{ question: "Go?", header: "Go", options: [{ label: "yes" }, { label: "no" }] }]),
      expiresAt: h.clock.now + 300_000,
    });
    expect((await h.draw()).join("\n")).toContain(
      "asked by @elowen/plugin-askuser · expires in 5m 00s",
    );
    h.clock.now += 240_001;
    expect((await h.draw()).join("\n")).toContain("· expires in 60s");
    h.clock.now += 59_999;
    expect((await h.draw()).join("\n")).toContain("· expiring…");
  });

  test("holds the keys instead of the prompt box, and the status bar waits for the answer", async () => {
    h = screenHarness();
    h.session.activity.fromState({
      running: { turnId: id("t"), origin: { kind: "composer" }, startedAt: h.clock.now },
      queued: [],
      questions: [],
      permissions: [],
    });
    show(
      pending([{ question: "Go?", header: "Go", options: [{ label: "yes" }, { label: "no" }] }]),
    );
    h.keys("x");
    const screen = (await h.draw()).join("\n");
    expect(screen).toContain("Waiting for your answer…");
    expect(h.screen.editor.getText()).toBe("");
  });
});

describe("the permission prompt", () => {
  test("offers once, always and deny with the host's labels and the call's summary", async () => {
    h = screenHarness();
    const permission: PendingPermission = {
      permissionId: id("p"),
      turnId: id("t"),
      callId: "call-1",
      tool: "Bash",
      summary: "rm -rf build",
      question: "Allow Bash to run?",
      header: "Permission",
      choices: { once: "Allow once", always: "Always allow Bash", deny: "Deny" },
      nested: true,
      expiresAt: 1_800_000_000_000,
    };
    const dialog = permissionDialog(permission, () => h?.clock.now ?? 0);
    const answers: ChoiceAnswer[][] = [];
    dialog.onDone = (all) => answers.push([...all]);
    h.screen.setDialog({ kind: "permission", id: permission.permissionId, component: dialog });
    const screen = (await h.draw()).join("\n");
    expect(screen).toContain("? Permission");
    expect(screen).toContain("Bash (called by a script) · expires in ");
    expect(screen).toContain("Allow Bash to run?");
    expect(screen).toContain("rm -rf build");
    expect(screen).toContain("Always allow Bash");
    h.keys(DOWN, DOWN, ENTER);
    expect(answers).toEqual([[{ selected: ["deny"] }]]);
  });
});
