import { rmSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { writeJsonAtomic } from "@elowen/plugin-shared/atomicJson";
import type { ForeignPlugin } from "./foreign-plugin.js";

/**
 * Where a plugin's MCP servers are handed to the MCP client: `$ELOWEN_HOME/mcp.d/<plugin>.json`
 * (the name with anything but letters, digits, `.`, `_` and `-` as `_`), which `@elowen/plugin-mcp`
 * reads and follows live.
 */
export function mcpServersFile(home: string, pluginName: string): string {
  return join(home, "mcp.d", `${pluginName.replace(/[^A-Za-z0-9._-]/g, "_")}.json`);
}

/**
 * Writes a Claude Code plugin's `.mcp.json` (or an Agent Plugins package's `mcp.json`) servers as
 * written into the plugin's `mcp.d` file, with `CLAUDE_PLUGIN_ROOT` set to the plugin's folder for
 * `${CLAUDE_PLUGIN_ROOT}` expansion, as Claude Code does. A plugin with no servers has no file
 * (an old one is removed). Throws when the file cannot be written.
 */
export async function writeMcpServersFile(home: string, foreign: ForeignPlugin): Promise<void> {
  const file = mcpServersFile(home, foreign.name);
  if (Object.keys(foreign.mcpServers).length === 0) return removeMcpServersFile(home, foreign.name);
  await mkdir(join(home, "mcp.d"), { recursive: true, mode: 0o700 });
  await writeJsonAtomic(
    file,
    {
      plugin: foreign.name,
      env: { CLAUDE_PLUGIN_ROOT: foreign.dir },
      mcpServers: foreign.mcpServers,
    },
    { pretty: true },
  );
}

/** Removes a plugin's `mcp.d` file (its servers stop); nothing when there is none. */
export function removeMcpServersFile(home: string, pluginName: string): void {
  rmSync(mcpServersFile(home, pluginName), { force: true });
}
