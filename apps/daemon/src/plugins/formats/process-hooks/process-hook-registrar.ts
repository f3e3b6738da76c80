import { mkdirSync } from "node:fs";
import type { ProcessHookRegistrar } from "../../loading/foreign-admission.js";
import type { PluginRegistry } from "../../registries/registry.js";
import { registerProcessHooks } from "./register-process-hooks.js";

/**
 * The loader's seam for a Claude Code plugin's command hooks: they run in `cwd` (the workspace
 * root), with the plugin's grants, and a context decision dropped for want of `turnContext` is
 * recorded in the capability audit beside the hook bus's.
 */
export function processHookRegistrar(cwd: string, registry: PluginRegistry): ProcessHookRegistrar {
  return (foreign, loaded) => (ctx) => {
    mkdirSync(cwd, { recursive: true });
    registerProcessHooks({
      ctx,
      plugin: foreign,
      granted: loaded.granted,
      host: {
        cwd,
        dropped: (plugin, capability, action) =>
          registry.capabilityAudit.dropped(plugin, capability, action),
      },
    });
  };
}
