/**
 * @elowen/plugin-todo: a TodoWrite tool whose list is a pinned card with a live start time and a
 * frozen duration per item, kept across daemon restarts, and an optional run-boundary reminder of
 * items left in progress. Written as a third-party plugin: it uses only @elowen/plugin-api,
 * @elowen/plugin-shared and zod.
 */
import type { ElowenPlugin } from "@elowen/plugin-api";
import { createTodoPlugin } from "./todo-plugin.js";

/** The plugin as the daemon loads it: the TodoWrite tool, its card and the settle reminder. */
const plugin: ElowenPlugin = createTodoPlugin();
export default plugin;
