/**
 * @elowen/plugin-askuser: the AskUserQuestion tool. The model asks the user one to four
 * multiple-choice questions; the result carries the answer record every surface renders. Written
 * as a third-party plugin: it uses only @elowen/plugin-api, @elowen/plugin-shared and zod.
 */
import { definePlugin, type ElowenPlugin } from "@elowen/plugin-api";
import { askUserQuestionTool } from "./ask-user-question-tool.js";

/** The plugin as the daemon loads it: the AskUserQuestion tool. */
const plugin: ElowenPlugin = definePlugin({
  register(ctx) {
    ctx.registerTool(askUserQuestionTool());
  },
});
export default plugin;
