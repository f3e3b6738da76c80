import { existsSync, readdirSync, statSync } from "node:fs";
import { basename, join } from "node:path";
import { errorMessage } from "@elowen/plugin-shared/errors";
import type { PluginFormat } from "../install/lockfile.js";
import { AGENT_PLUGIN_MANIFEST, CLAUDE_PLUGIN_MANIFEST } from "./detect-format.js";
import type { ForeignPlugin } from "./foreign-plugin.js";
import { PLUGIN_FORMAT_ERRORS, PluginFormatError } from "./plugin-format-error.js";
import { readHooks } from "./read-hooks.js";
import { readJsonObject } from "./read-json-object.js";
import { readAgents, readCommands, readSkills } from "./read-markdown-parts.js";

const PLUGIN_NAME = /^[a-z0-9][a-z0-9._-]{0,213}$/;
/** Manifest fields either format defines that we read or that carry no behaviour. */
const KNOWN_FIELDS = new Set([
  "$schema",
  "name",
  "version",
  "description",
  "author",
  "homepage",
  "repository",
  "license",
  "keywords",
  "hooks",
  "mcpServers",
  "commands",
  "agents",
  "skills",
]);

/**
 * Reads a Claude Code plugin (`.claude-plugin/plugin.json`, `commands/`, `agents/`, `skills/`,
 * `hooks/hooks.json`, `.mcp.json`) or an Agent Plugins 1.0 package (`plugin.json`, `skills/`,
 * `mcp.json`). Throws naming the file and the rule when the manifest is unusable; every part it
 * cannot map is a diagnostic.
 */
export function readForeignPlugin(
  dir: string,
  format: Exclude<PluginFormat, "elowen">,
): ForeignPlugin {
  const manifestFile = join(
    dir,
    format === "claude-code" ? CLAUDE_PLUGIN_MANIFEST : AGENT_PLUGIN_MANIFEST,
  );
  const manifest = readJsonObject(manifestFile);
  const name = manifest.name;
  if (typeof name !== "string" || !PLUGIN_NAME.test(name))
    throw new PluginFormatError({
      code: PLUGIN_FORMAT_ERRORS.name,
      summary: `${manifestFile}: name: expected a lowercase plugin name such as my-plugin, received ${JSON.stringify(name)}`,
    });
  const diagnostics: string[] = [];
  const version = typeof manifest.version === "string" ? manifest.version : "0.0.0";
  for (const key of Object.keys(manifest))
    if (!KNOWN_FIELDS.has(key))
      diagnostics.push(`${key} in ${basename(manifestFile)} is not mapped`);
  for (const key of ["commands", "agents", "skills"] as const)
    if (manifest[key] !== undefined)
      diagnostics.push(
        `${key} paths in ${basename(manifestFile)} are not mapped; only the ${key}/ folder is read`,
      );
  const claude = format === "claude-code";
  const hooksSource = claude ? (manifest.hooks ?? hooksFile(dir)) : undefined;
  for (const entry of readdirSync(dir)) {
    if (
      !claude &&
      /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(entry) &&
      statSync(join(dir, entry)).isDirectory()
    )
      diagnostics.push(`the client extension folder ${entry}/ is not mapped`);
  }
  return {
    format,
    dir,
    name,
    version,
    ...(typeof manifest.description === "string" ? { description: manifest.description } : {}),
    commands: claude ? readCommands(dir, diagnostics) : [],
    agents: claude ? readAgents(dir, diagnostics) : [],
    skills: readSkills(dir, diagnostics),
    mcpServers: readMcpServers(dir, claude ? ".mcp.json" : "mcp.json", manifest, diagnostics),
    hooks: hooksSource === undefined ? [] : readHooks(dir, hooksSource, diagnostics),
    diagnostics,
  };
}

function hooksFile(dir: string): string | undefined {
  const file = join("hooks", "hooks.json");
  return existsSync(join(dir, file)) ? file : undefined;
}

function readMcpServers(
  dir: string,
  fileName: string,
  manifest: Record<string, unknown>,
  diagnostics: string[],
): Record<string, unknown> {
  const inline = manifest.mcpServers;
  const file = typeof inline === "string" ? join(dir, inline) : join(dir, fileName);
  if (typeof inline === "object" && inline !== null) return { ...(inline as object) };
  if (!existsSync(file)) return {};
  try {
    const servers = readJsonObject(file).mcpServers;
    if (typeof servers === "object" && servers !== null) return { ...(servers as object) };
    diagnostics.push(`${basename(file)} has no mcpServers object`);
  } catch (error) {
    diagnostics.push(errorMessage(error));
  }
  return {};
}
