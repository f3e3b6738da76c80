/**
 * @elowen/plugin-code-mode: model-written scripts calling the turn's tools from a sandbox, each
 * nested call drawn as an ordinary row. The default export is the plugin a host loads.
 */
import { settingsPlugin } from "./settings-plugin.js";

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

/** The code-mode plugin; its options are the operator's settings for it (`ctx.settings`). */
const plugin = settingsPlugin();
export default plugin;
