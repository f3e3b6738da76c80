import { expect, test } from "vitest";
import { todoText } from "./todo-text.js";

test("lists the counts and each item with its id and state, without durations", () => {
  expect(
    todoText([
      { id: "1", text: "Read the issue", status: "completed", durationMs: 65_000 },
      { id: "2", text: "Write the plugin", status: "in_progress", startedAt: 5 },
      { id: "3", text: "Update the README", status: "pending" },
    ]),
  ).toBe(
    [
      "Todo list saved: 3 items (1 completed, 1 in progress, 1 pending).",
      "[x] 1: Read the issue",
      "[>] 2: Write the plugin",
      "[ ] 3: Update the README",
    ].join("\n"),
  );
});

test("says one item in the singular", () => {
  expect(todoText([{ id: "a", text: "Only", status: "pending" }]).split("\n")[0]).toBe(
    "Todo list saved: 1 item (0 completed, 0 in progress, 1 pending).",
  );
});

test("says the list was cleared when it is empty", () => {
  expect(todoText([])).toBe("Todo list cleared.");
});
