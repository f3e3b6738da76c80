import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  HOST_VERSIONS,
  type HostVersions,
  type PluginManifest,
  parsePluginManifest,
} from "@elowen/plugin-api";
import { checkPluginCompatibility } from "@elowen/plugin-api/versions";
import { errorMessage } from "@elowen/plugin-shared/errors";
import { detectFormat } from "../formats/detect-format.js";
import { foreignManifest } from "../formats/foreign-manifest.js";
import { readForeignPlugin } from "../formats/read-foreign-plugin.js";
import { peerRangeProblem } from "../loading/peer-range.js";
import type { PluginFormat } from "./lockfile.js";

/** A package as the installer judges it before anything is committed. */
export type PackageDescription =
  | {
      readonly ok: true;
      readonly format: PluginFormat;
      readonly manifest: PluginManifest;
      /** What of a foreign format cannot be mapped, one sentence each. */
      readonly diagnostics: readonly string[];
    }
  | { readonly ok: false; readonly reason: string };

/**
 * Reads an unpacked package: its format, its manifest (an Elowen manifest, or the one a Claude
 * Code / Agent Plugins package loads under) and whether this host would load it: the manifest
 * valid, its core range, shared API and UI API met, its plugin-api peer range satisfied.
 */
export function describePackage(
  dir: string,
  host: HostVersions = HOST_VERSIONS,
  hostPluginApi?: string,
): PackageDescription {
  const format = detectFormat(dir);
  if (format === undefined)
    return {
      ok: false,
      reason: `${dir} is not a plugin: no package.json with an "elowen" block, no .claude-plugin/plugin.json and no plugin.json`,
    };
  if (format !== "elowen") {
    try {
      const foreign = readForeignPlugin(dir, format);
      return {
        ok: true,
        format,
        manifest: foreignManifest(foreign),
        diagnostics: foreign.diagnostics,
      };
    } catch (error) {
      return { ok: false, reason: errorMessage(error) };
    }
  }
  let packageJson: unknown;
  try {
    packageJson = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
  } catch (error) {
    return { ok: false, reason: `cannot read package.json: ${errorMessage(error)}` };
  }
  const parsed = parsePluginManifest(packageJson);
  if (!parsed.ok) return { ok: false, reason: parsed.message };
  const compatible = checkPluginCompatibility(parsed.manifest, host);
  if (!compatible.ok) return { ok: false, reason: compatible.message };
  const peer = peerRangeProblem(parsed.manifest.name, packageJson, hostPluginApi);
  if (peer) return { ok: false, reason: peer };
  return { ok: true, format, manifest: parsed.manifest, diagnostics: [] };
}
