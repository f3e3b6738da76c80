import { mkdirSync } from "node:fs";
import type { ProcessHookRegistrar } from "../../loading/foreign-admission.js";
import type { PluginRegistry } from "../../registries/registry.js";
import { registerProcessHooks } from "./register-process-hooks.js";

/**
 * The loader's seam for a Claude Code plugin's command hooks: they run in `cwd` (the workspace
 * root), with the plugin's grants; a decision dropped for want of its capability is recorded in the
 * capability audit beside the hook bus's, and a PreToolUse `allow` / `ask` goes to the permission
 * gate through the registry's call permissions.
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
        permission: (sessionId, toolCallId, permission) =>
          registry.callPermissions.set(sessionId, toolCallId, permission),
      },
    });
  };
}
