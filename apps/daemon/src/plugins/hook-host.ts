import type { PluginShutdownPayload } from "@elowen/plugin-api";
import type { PluginRegistry } from "./registry.js";

/** The daemon's side of the lifecycle hooks it fires itself. */
export interface HookHost {
  /** Fires `plugin.shutdown` once per plugin hook, all within the payload's deadline. */
  shutdown(payload: PluginShutdownPayload): Promise<void>;
  /** The hook audit ring buffer, oldest first. */
  audit(): readonly Record<string, unknown>[];
}

/**
 * The hook host over the registry's hooks. `plugin.shutdown` hooks run concurrently; the whole
 * teardown is bounded by the deadline, and a hook that hangs is abandoned.
 */
export function createHookHost(registry: PluginRegistry, log: (message: string) => void): HookHost {
  const entries: Record<string, unknown>[] = [];
  let fired = false;
  return {
    async shutdown(payload) {
      if (fired) return;
      fired = true;
      const controller = new AbortController();
      const hooks = registry.hooks.filter((h) => h.value.name === "plugin.shutdown");
      const runs = hooks.map(async ({ plugin, value }) => {
        const started = Date.now();
        try {
          await value.run(payload as never, { signal: controller.signal, pluginName: plugin });
          entries.push({
            at: started,
            plugin,
            hook: "plugin.shutdown",
            outcome: "ok",
            durationMs: Date.now() - started,
          });
        } catch (error) {
          log(`plugin.shutdown of ${plugin} failed: ${(error as Error).message}`);
          entries.push({
            at: started,
            plugin,
            hook: "plugin.shutdown",
            outcome: "error",
            error: (error as Error).message,
          });
        }
      });
      let timer: NodeJS.Timeout | undefined;
      const timedOut = await Promise.race([
        Promise.all(runs).then(() => false),
        new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(true), Math.max(0, payload.deadline - Date.now()));
        }),
      ]);
      clearTimeout(timer);
      if (timedOut) {
        controller.abort();
        log("plugin.shutdown hooks passed the pause deadline; abandoned");
        entries.push({ at: Date.now(), hook: "plugin.shutdown", outcome: "timeout" });
      }
    },
    audit: () => [...entries],
  };
}
