import { BrainCardSchema, isEmptyCard } from "@elowen/plugin-api/cards";
import { formatTiming } from "@elowen/plugin-shared/duration";
import { describe, expect, test } from "vitest";
import { TODO_MAX_ITEMS, TODO_TEXT_MAX_CHARS } from "./limits.js";
import { todoCard, todoCardId } from "./todo-card.js";
import type { TodoItem } from "./todo-items.js";

const items: TodoItem[] = [
  { id: "1", text: "Read the issue", status: "completed", durationMs: 65_000 },
  { id: "2", text: "Write the plugin", status: "in_progress", startedAt: 1_700_000_000_000 },
  { id: "3", text: "Update the README", status: "pending" },
  { id: "4", text: "Tick the box", status: "completed" },
];

describe("todoCard", () => {
  test("is a pinned card, one row per item, running items with startedAt, completed with durationMs", () => {
    expect(todoCard(items)).toEqual({
      id: "todo",
      title: "Todo (2/4)",
      pinned: true,
      items: [
        { id: "1", text: "Read the issue", status: "completed", durationMs: 65_000 },
        { id: "2", text: "Write the plugin", status: "running", startedAt: 1_700_000_000_000 },
        { id: "3", text: "Update the README", status: "pending" },
        { id: "4", text: "Tick the box", status: "completed" },
      ],
    });
  });

  test("carries timing a client formats with the shared duration formatter, and none as nothing", () => {
    const now = 1_700_000_090_000;
    const rows = todoCard(items).items ?? [];
    expect(rows.map((row) => formatTiming(row, now))).toEqual(["1m 05s", "1m 30s", "", ""]);
  });

  test("is the empty card for an empty list, which removes the card", () => {
    const card = todoCard([]);
    expect(card).toEqual({ id: "todo" });
    expect(isEmptyCard(card)).toBe(true);
  });

  test("passes the card schema at the largest list and longest text", () => {
    const full = Array.from(
      { length: TODO_MAX_ITEMS },
      (_, i): TodoItem => ({
        id: `item-${i}`,
        text: "x".repeat(TODO_TEXT_MAX_CHARS),
        status: "in_progress",
        startedAt: i,
      }),
    );
    expect(BrainCardSchema.safeParse(todoCard(full)).success).toBe(true);
  });

  test("gives a sub-agent's list its own stable card id within the card id cap", () => {
    expect(todoCardId()).toBe("todo");
    expect(todoCardId("agent-1")).toBe("todo:agent-1");
    expect(todoCard(items, "agent-1").id).toBe("todo:agent-1");
    const long = "a".repeat(200);
    expect(todoCardId(long)).toMatch(/^todo:[0-9a-f]{64}$/);
    expect(todoCardId(long)).toBe(todoCardId(long));
    expect(todoCardId("a".repeat(123))).toBe(`todo:${"a".repeat(123)}`);
    expect(todoCardId("a".repeat(124))).toHaveLength(69);
  });
});
