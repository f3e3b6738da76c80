import { type PluginTool, type ToolResult, textResult } from "@elowen/plugin-api/tools";
import { TODO_MAX_ITEMS, TODO_TOOL_NAME } from "./limits.js";
import { todoCard } from "./todo-card.js";
import { rewriteTodos, type TodoItem, TodoWriteArgumentsSchema } from "./todo-items.js";
import type { TodoLists } from "./todo-lists.js";
import { todoText } from "./todo-text.js";

/** What the model reads about the tool. */
export const TODO_WRITE_DESCRIPTION = [
  "Keep a todo list for work with several steps, shown to the user as a pinned card.",
  "Send the whole list every time, in order (at most " +
    TODO_MAX_ITEMS +
    " items); items left out are",
  "dropped and an empty list clears it. Give each item an id that stays the same across rewrites.",
  "Mark an item in_progress when you start on it (one at a time is best) and completed as soon as",
  "it is done; the card shows how long each item has been running and took.",
].join("\n");

/** The details of a TodoWrite result: the list with its timing, for surfaces (never the model). */
export interface TodoWriteDetails {
  readonly todos: readonly TodoItem[];
  readonly [key: string]: unknown;
}

/**
 * The TodoWrite tool: replaces the calling agent's list (per session, per sub-agent) with the
 * whole list it is given, applies the timing rules of `rewriteTodos`, stores it, emits the pinned
 * card through the call's `emitCard` (the empty card when the list is empty, which removes it) and
 * answers the list as text. Calls run one at a time.
 */
export function todoWriteTool(
  lists: TodoLists,
  now: () => number = Date.now,
): PluginTool<typeof TodoWriteArgumentsSchema> {
  return {
    name: TODO_TOOL_NAME,
    label: "Todo list",
    description: TODO_WRITE_DESCRIPTION,
    parameters: TodoWriteArgumentsSchema,
    permission: "never",
    executionMode: "sequential",
    summarize: (args) => `${args.todos.length} items`,
    async execute(args, context): Promise<ToolResult> {
      const key = { sessionId: context.sessionId, agentId: context.agentId };
      const items = await lists.update(key, (previous) =>
        rewriteTodos(previous, args.todos, now()),
      );
      context.emitCard(todoCard(items, context.agentId));
      const details: TodoWriteDetails = { todos: items };
      return textResult(todoText(items), details);
    },
  };
}
