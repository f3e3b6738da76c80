/**
 * @elowen/plugin-code-mode: model-written scripts calling the turn's tools from a sandbox, each
 * nested call drawn as an ordinary row. The default export is the plugin a host loads.
 */
import { definePlugin, type ElowenPlugin } from "@elowen/plugin-api";
import { createCodeModeControl } from "./control.js";

export { authoringReason } from "./authoring/authoring-reason.js";
export { partialScript } from "./authoring/partial-script.js";
export { NOTE_FIELDS, scriptNote } from "./authoring/script-note.js";
export { isModelOnly } from "./compose/script-tools.js";
export type { CodeModeResultDetails } from "./compose/wrapper-tools.js";
export { ExecArgumentsSchema, WaitArgumentsSchema } from "./compose/wrapper-tools.js";
export type { CodeModeHandle } from "./control.js";
export { createCodeModeControl, createCodeModePlugin } from "./control.js";
export {
  EXEC_TOOL_NAME,
  MAX_CELL_ID_CHARS,
  MAX_NESTED_ARGS_CHARS,
  MAX_NESTED_RESULT_CHARS,
  MAX_SANDBOX_TIMERS,
  MAX_SCRIPT_CHARS,
  MAX_TOOL_DOC_CHARS,
  MODEL_ONLY_TOOLS,
  WAIT_TOOL_NAME,
} from "./limits.js";
export type { CodeModeOptions, ResolvedCodeModeOptions } from "./options.js";
export {
  CodeModeOptionsSchema,
  DEFAULT_CODE_MODE_OPTIONS,
  parseCodeModeOptions,
} from "./options.js";
export type { SandboxPoolStats } from "./sandbox/sandbox-pool.js";
export { MAX_CELLS_PER_WORKER } from "./sandbox/sandbox-pool.js";

/**
 * The code-mode plugin. Its options are the operator's settings for it (`ctx.settings`, e.g.
 * `plugins.settings["@elowen/plugin-code-mode"].yieldAfterMs` in the daemon's configuration),
 * validated by {@link parseCodeModeOptions}: a bad one refuses the plugin in `register`, naming
 * the field. Its sandbox workers are closed at `plugin.shutdown`.
 */
const plugin: ElowenPlugin = definePlugin({
  register(ctx) {
    const control = createCodeModeControl(ctx.settings ?? {});
    ctx.registerCodeMode(control);
    ctx.registerHook({ name: "plugin.shutdown", run: () => control.close() });
  },
});
export default plugin;
