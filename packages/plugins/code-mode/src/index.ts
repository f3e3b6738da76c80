/**
 * @elowen/plugin-code-mode: model-written scripts calling the turn's tools from a sandbox, each
 * nested call drawn as an ordinary row. The default export is the plugin a host loads.
 */
import { settingsPlugin } from "./settings-plugin.js";

export type { CodeModeOptions } from "./options.js";

/**
 * The plugin as the daemon loads it: its options are its settings
 * (`plugins.settings["@elowen/plugin-code-mode"]`, a {@link CodeModeOptions}).
 */
const plugin = settingsPlugin();
export default plugin;
