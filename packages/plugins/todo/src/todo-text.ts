import type { TodoItem, TodoStatus } from "./todo-items.js";

const MARK: Record<TodoStatus, string> = {
  pending: "[ ]",
  in_progress: "[>]",
  completed: "[x]",
};

/**
 * What the model reads after a rewrite: the counts by state, then each item as
 * `[x] id: text` (`[ ]` pending, `[>]` in progress, `[x]` completed), so the next rewrite can
 * reuse the ids. An empty list reads `Todo list cleared.` Durations stay out of the text: they are
 * for the card, and the prompt would change every call for nothing.
 */
export function todoText(items: readonly TodoItem[]): string {
  if (items.length === 0) return "Todo list cleared.";
  const count = (status: TodoStatus) => items.filter((item) => item.status === status).length;
  const noun = items.length === 1 ? "item" : "items";
  const head = `Todo list saved: ${items.length} ${noun} (${count("completed")} completed, ${count("in_progress")} in progress, ${count("pending")} pending).`;
  return [head, ...items.map((item) => `${MARK[item.status]} ${item.id}: ${item.text}`)].join("\n");
}
