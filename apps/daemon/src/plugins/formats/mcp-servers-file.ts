import { readdirSync, readFileSync, rmSync } from "node:fs";
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

/**
 * Removes every `mcp.d` file a plugin wrote (one with a `plugin` name) whose plugin `keeps` does
 * not hold: a plugin gone from `plugins.dirs`, removed while the daemon was down, disabled or
 * refused. Files without a `plugin` name are the operator's and stay. Never throws: a file that
 * cannot be read or removed stays.
 */
export function sweepMcpServersFiles(home: string, keeps: (pluginName: string) => boolean): void {
  const dir = join(home, "mcp.d");
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith(".json"));
  } catch {
    return;
  }
  for (const name of names) {
    const file = join(dir, name);
    try {
      const { plugin } = JSON.parse(readFileSync(file, "utf8")) as { plugin?: unknown };
      if (typeof plugin === "string" && mcpServersFile(home, plugin) === file && !keeps(plugin))
        rmSync(file, { force: true });
    } catch {
      // Not ours to judge: unreadable or not JSON.
    }
  }
}
