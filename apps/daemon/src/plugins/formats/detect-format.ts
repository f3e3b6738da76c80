import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { PluginFormat } from "../install/lockfile.js";

/** Claude Code's plugin manifest, relative to the plugin folder. */
export const CLAUDE_PLUGIN_MANIFEST = join(".claude-plugin", "plugin.json");
/** The Agent Plugins 1.0 manifest, relative to the plugin folder. */
export const AGENT_PLUGIN_MANIFEST = "plugin.json";

/**
 * The format of a plugin folder: `elowen` when its package.json has an `elowen` block,
 * `claude-code` when it has `.claude-plugin/plugin.json`, `agent-plugin` when it has a root
 * `plugin.json`; undefined when it is none of them.
 */
export function detectFormat(dir: string): PluginFormat | undefined {
  const packageJson = join(dir, "package.json");
  if (existsSync(packageJson)) {
    try {
      const json = JSON.parse(readFileSync(packageJson, "utf8")) as unknown;
      if (typeof json === "object" && json !== null && "elowen" in json) return "elowen";
    } catch {
      // An unreadable package.json may still sit beside a Claude Code or Agent Plugins manifest.
    }
  }
  if (existsSync(join(dir, CLAUDE_PLUGIN_MANIFEST))) return "claude-code";
  if (existsSync(join(dir, AGENT_PLUGIN_MANIFEST))) return "agent-plugin";
  if (existsSync(packageJson)) return "elowen";
  return undefined;
}
