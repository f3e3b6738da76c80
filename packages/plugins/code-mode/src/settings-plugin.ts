import { definePlugin, type ElowenPlugin } from "@elowen/plugin-api";
import { createCodeModeControl } from "./control.js";

/**
 * The code-mode plugin configured by the operator: its options are `ctx.settings` (in the daemon,
 * `plugins.settings["@elowen/plugin-code-mode"]` of `elowen.yaml`, e.g. `yieldAfterMs`), validated
 * like {@link createCodeModeControl}'s, so a bad one refuses the plugin in `register`, naming the
 * field. Its sandbox workers are closed at `plugin.shutdown`.
 */
export function settingsPlugin(): ElowenPlugin {
  return definePlugin({
    register(ctx) {
      const control = createCodeModeControl(ctx.settings ?? {});
      ctx.registerCodeMode(control);
      ctx.registerHook({ name: "plugin.shutdown", run: () => control.close() });
    },
  });
}
