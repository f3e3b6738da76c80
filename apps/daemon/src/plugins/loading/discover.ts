import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { errorMessage } from "@elowen/plugin-shared/errors";
import type { PluginSource } from "./loaded-plugin.js";

/** The plugins shipped with the daemon (packages/plugins/*), loaded unless the config says not. */
export const BUNDLED_PLUGINS = [
  "@elowen/plugin-skills",
  "@elowen/plugin-askuser",
  "@elowen/plugin-todo",
  "@elowen/plugin-code-mode",
] as const;

/** A directory that may hold a plugin, with its package.json (or why it could not be read). */
export interface PluginCandidate {
  readonly dir: string;
  readonly source: PluginSource;
  readonly packageJson: unknown;
  /** Set when package.json could not be read or parsed. */
  readonly readError?: string;
}

/**
 * Finds plugin candidates: the bundled packages (resolved from the daemon's own dependencies;
 * one without an `elowen` block is not a plugin yet and is skipped), the directories named in
 * the config (each must be a plugin), and packages installed under `<home>/plugins/node_modules`
 * that declare an `elowen` block.
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
    if (hasElowenBlock(candidate)) found.push(candidate);
  }
  return found;
}

function hasElowenBlock(candidate: PluginCandidate): boolean {
  const json = candidate.packageJson;
  return typeof json === "object" && json !== null && "elowen" in json;
}

function readCandidate(dir: string, source: PluginSource): PluginCandidate {
  const file = join(dir, "package.json");
  try {
    return { dir, source, packageJson: JSON.parse(readFileSync(file, "utf8")) };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === "ENOENT"
        ? `no package.json in ${dir}`
        : `cannot read ${file}: ${errorMessage(error)}`;
    return { dir, source, packageJson: undefined, readError: reason };
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
