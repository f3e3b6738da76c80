/**
 * @elowen/plugin-todo: a TodoWrite tool whose list is a pinned card with a live start time and a
 * frozen duration per item, kept across daemon restarts, and an optional run-boundary reminder of
 * items left in progress. Written as a third-party plugin: it uses only @elowen/plugin-api,
 * @elowen/plugin-shared and zod.
 */
import { join } from "node:path";
import { definePlugin, type ElowenPlugin, type PluginContext } from "@elowen/plugin-api";
import { settleReminder } from "./reminder.js";
import { TodoLists } from "./todo-lists.js";
import { todoWriteTool } from "./todo-tool.js";

/** Options of {@link createTodoPlugin}; the defaults are what the published plugin uses. */
export interface TodoPluginOptions {
  /** The clock of start times and durations, epoch ms (default `Date.now`). */
  readonly now?: () => number;
  /** Whether to register the `brain.run.beforeSettle` reminder (default `true`). */
  readonly reminder?: boolean;
}

/**
 * Registers the TodoWrite tool and, unless `reminder: false`, the `brain.run.beforeSettle`
 * reminder (its patch needs the operator's consent to `mutates: ["runBoundary"]`; without it the
 * host drops the patch). Lists live in `<ctx.dataDir>/lists`. Returns the lists, for a host or
 * test that reads them directly.
 */
export function registerTodo(ctx: PluginContext, options: TodoPluginOptions = {}): TodoLists {
  const lists = new TodoLists({ dir: join(ctx.dataDir, "lists"), log: ctx.log });
  ctx.registerTool(todoWriteTool(lists, options.now));
  if (options.reminder !== false)
    ctx.registerHook({
      name: "brain.run.beforeSettle",
      run: (payload) =>
        lists.speak({ sessionId: payload.sessionId, agentId: payload.agentId }, (items, spoken) => {
          const decision = settleReminder(payload, items, spoken);
          return {
            value: decision.patch === undefined ? undefined : { patch: decision.patch },
            ...(decision.spoken === undefined ? {} : { spoken: decision.spoken }),
          };
        }),
    });
  return lists;
}

/** The plugin with options; the default export is `createTodoPlugin()`. */
export function createTodoPlugin(options: TodoPluginOptions = {}): ElowenPlugin {
  return definePlugin({
    register(ctx) {
      registerTodo(ctx, options);
    },
  });
}

/** The Todo plugin, as the host loads it. */
const plugin: ElowenPlugin = createTodoPlugin();
export default plugin;

export {
  TODO_CARD_ID,
  TODO_FILE_MAX_BYTES,
  TODO_ID_PATTERN,
  TODO_MAX_ITEMS,
  TODO_MEMORY_MAX_LISTS,
  TODO_STATUSES,
  TODO_TEXT_MAX_CHARS,
  TODO_TOOL_NAME,
} from "./limits.js";
export type { ReminderDecision } from "./reminder.js";
export { REMINDER_ITEM_TEXT_CHARS, reminderNote, settleReminder } from "./reminder.js";
export { todoCard, todoCardId } from "./todo-card.js";
export type { TodoInput, TodoItem, TodoStatus, TodoWriteArguments } from "./todo-items.js";
export {
  rewriteTodos,
  TodoInputSchema,
  TodoItemSchema,
  TodoWriteArgumentsSchema,
} from "./todo-items.js";
export type { TodoListKey, TodoListsOptions } from "./todo-lists.js";
export { TodoLists } from "./todo-lists.js";
export { todoText } from "./todo-text.js";
export type { TodoWriteDetails } from "./todo-tool.js";
export { TODO_WRITE_DESCRIPTION, todoWriteTool } from "./todo-tool.js";
