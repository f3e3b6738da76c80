import { createHash } from "node:crypto";
import type { BrainCard, BrainCardItem } from "@elowen/plugin-api/cards";
import { TODO_CARD_ID } from "./limits.js";
import type { TodoItem, TodoStatus } from "./todo-items.js";

const CARD_STATUS: Record<TodoStatus, NonNullable<BrainCardItem["status"]>> = {
  pending: "pending",
  in_progress: "running",
  completed: "completed",
};

/** The card ids' cap in plugin-api's BrainCardSchema. */
const CARD_ID_MAX_CHARS = 128;

/**
 * The card id of a list: {@link TODO_CARD_ID} for the session's main agent, `todo:<agentId>` for
 * a sub-agent (an agent id too long for a card id is replaced by a digest of it). Stable, so each
 * rewrite replaces the same card.
 */
export function todoCardId(agentId?: string): string {
  if (agentId === undefined) return TODO_CARD_ID;
  const id = `${TODO_CARD_ID}:${agentId}`;
  if (id.length <= CARD_ID_MAX_CHARS) return id;
  return `${TODO_CARD_ID}:${createHash("sha256").update(agentId).digest("hex")}`;
}

function cardItem(item: TodoItem): BrainCardItem {
  const row: BrainCardItem = { id: item.id, text: item.text, status: CARD_STATUS[item.status] };
  if (item.status === "in_progress" && item.startedAt !== undefined)
    return { ...row, startedAt: item.startedAt };
  if (item.status === "completed" && item.durationMs !== undefined)
    return { ...row, durationMs: item.durationMs };
  return row;
}

/**
 * The pinned card of a list: title `Todo (<completed>/<total>)`, one row per item in order, with
 * `in_progress` shown as `running` carrying its `startedAt`, and `completed` carrying its frozen
 * `durationMs` (display-only; clients format them with @elowen/plugin-shared/duration). An empty
 * list gives the empty card `{ id }`, which removes the card.
 */
export function todoCard(items: readonly TodoItem[], agentId?: string): BrainCard {
  const id = todoCardId(agentId);
  if (items.length === 0) return { id };
  const completed = items.filter((item) => item.status === "completed").length;
  return {
    id,
    title: `Todo (${completed}/${items.length})`,
    pinned: true,
    items: items.map(cardItem),
  };
}
