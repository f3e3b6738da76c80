import { resolve, sep } from "node:path";
import type { PluginManifest } from "@elowen/plugin-api";
import type { PluginCandidate } from "./discover.js";

/**
 * The file a plugin's module is imported from: the manifest's `entry`, else package.json's
 * `exports` root (its `import`, `default` or `node` condition), else `main`, else `index.js`;
 * refused when it resolves outside the plugin directory.
 */
export function entryFile(candidate: PluginCandidate, manifest: PluginManifest) {
  const json = candidate.packageJson as { main?: unknown; exports?: unknown };
  const exported = exportsDefault(json.exports);
  const relative =
    manifest.entry ?? exported ?? (typeof json.main === "string" ? json.main : "index.js");
  const dir = resolve(candidate.dir);
  const file = resolve(dir, relative);
  if (!file.startsWith(dir + sep)) {
    return {
      ok: false as const,
      reason: `entry ${relative} resolves outside the plugin directory`,
    };
  }
  return { ok: true as const, file };
}

function exportsDefault(exports: unknown): string | undefined {
  if (typeof exports === "string") return exports;
  if (typeof exports !== "object" || exports === null) return undefined;
  const root = (exports as Record<string, unknown>)["."] ?? exports;
  if (typeof root === "string") return root;
  if (typeof root === "object" && root !== null) {
    const r = root as Record<string, unknown>;
    for (const key of ["import", "default", "node"])
      if (typeof r[key] === "string") return r[key] as string;
  }
  return undefined;
}
