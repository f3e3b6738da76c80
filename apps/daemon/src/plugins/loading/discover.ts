import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { errorMessage } from "@elowen/plugin-shared/errors";
import { detectFormat } from "../formats/detect-format.js";
import type { PluginFormat } from "../install/lockfile.js";
import type { PluginSource } from "./loaded-plugin.js";

/** The plugins shipped with the daemon (packages/plugins/*), loaded unless the config says not. */
export const BUNDLED_PLUGINS = [
  "@elowen/plugin-skills",
  "@elowen/plugin-askuser",
  "@elowen/plugin-todo",
  "@elowen/plugin-code-mode",
  "@elowen/plugin-mcp",
] as const;

/** A directory that may hold a plugin, with its package.json (or why it could not be read). */
export interface PluginCandidate {
  readonly dir: string;
  readonly source: PluginSource;
  /** Elowen's own, or a Claude Code / Agent Plugins package (which has no package.json to read). */
  readonly format: PluginFormat;
  readonly packageJson: unknown;
  /** Set when package.json could not be read or parsed. */
  readonly readError?: string;
}

/**
 * Finds plugin candidates: the bundled packages (resolved from the daemon's own dependencies;
 * one without an `elowen` block is not a plugin yet and is skipped), the directories named in
 * the config (each must be a plugin), and packages installed under `<home>/plugins/node_modules`
 * that declare an `elowen` block or are Claude Code plugins or Agent Plugins packages.
 */
export function discoverPlugins(options: {
  readonly bundled: boolean;
  readonly dirs: readonly string[];
  readonly home: string;
}): PluginCandidate[] {
  const found: PluginCandidate[] = [];
  if (options.bundled) {
    const require = createRequire(import.meta.url);
    for (const name of BUNDLED_PLUGINS) {
      let manifestPath: string;
      try {
        manifestPath = require.resolve(`${name}/package.json`);
      } catch {
        continue;
      }
      const candidate = readCandidate(dirname(manifestPath), "bundled");
      if (hasElowenBlock(candidate)) found.push(candidate);
    }
  }
  for (const dir of options.dirs) found.push(readCandidate(resolve(options.home, dir), "config"));
  const installed = join(options.home, "plugins", "node_modules");
  for (const dir of packageDirs(installed)) {
    const candidate = readCandidate(dir, "installed");
    if (candidate.format !== "elowen" || hasElowenBlock(candidate)) found.push(candidate);
  }
  return found;
}

/** The package names the candidates declare (a candidate without a readable name is skipped). */
export function candidateNames(candidates: readonly PluginCandidate[]): string[] {
  return candidates.flatMap((candidate) => {
    const json = candidate.packageJson;
    const name =
      typeof json === "object" && json !== null ? (json as { name?: unknown }).name : undefined;
    return typeof name === "string" ? [name] : [];
  });
}

function hasElowenBlock(candidate: PluginCandidate): boolean {
  const json = candidate.packageJson;
  return typeof json === "object" && json !== null && "elowen" in json;
}

/** Reads one folder as a candidate: its format and, for an Elowen plugin, its package.json. */
export function readCandidate(dir: string, source: PluginSource): PluginCandidate {
  const format = detectFormat(dir) ?? "elowen";
  if (format !== "elowen") return { dir, source, format, packageJson: undefined };
  const file = join(dir, "package.json");
  try {
    return { dir, source, format, packageJson: JSON.parse(readFileSync(file, "utf8")) };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === "ENOENT"
        ? `no package.json in ${dir}`
        : `cannot read ${file}: ${errorMessage(error)}`;
    return { dir, source, format, packageJson: undefined, readError: reason };
  }
}

function packageDirs(root: string): string[] {
  if (!existsSync(root)) return [];
  const dirs: string[] = [];
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    if (entry.name.startsWith(".")) continue;
    if (entry.name.startsWith("@") && entry.isDirectory()) {
      for (const scoped of readdirSync(join(root, entry.name), { withFileTypes: true })) {
        dirs.push(join(root, entry.name, scoped.name));
      }
    } else if (entry.isDirectory() || entry.isSymbolicLink()) dirs.push(join(root, entry.name));
  }
  return dirs;
}
