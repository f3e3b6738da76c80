// The plugin's registration, with the test seams (a clock, the reminder switch) the default
// export leaves at their defaults.
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
