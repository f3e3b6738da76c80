import type { ElowenPlugin, PluginContext, PluginManifest } from "@elowen/plugin-api";
import { errorMessage } from "@elowen/plugin-shared/errors";
import { adaptForeignPlugin } from "../formats/adapt-foreign-plugin.js";
import { foreignManifest } from "../formats/foreign-manifest.js";
import type { ForeignPlugin } from "../formats/foreign-plugin.js";
import { readForeignPlugin } from "../formats/read-foreign-plugin.js";
import type { PluginCandidate } from "./discover.js";
import type { LoadedPlugin, PluginState } from "./loaded-plugin.js";

/** Registers a foreign plugin's process hooks once its grants are known (the daemon's seam). */
export type ProcessHookRegistrar = (
  foreign: ForeignPlugin,
  loaded: LoadedPlugin,
  diagnostics: string[],
) => (ctx: PluginContext) => void;

/** A Claude Code or Agent Plugins package, read and adapted, ready for `registerPlugin`. */
export interface ForeignAdmission {
  readonly ok: true;
  readonly manifest: PluginManifest;
  readonly foreign: ForeignPlugin;
  /** Diagnostics of reading; registration appends those of refused parts. */
  readonly diagnostics: string[];
  plugin(loaded: LoadedPlugin): ElowenPlugin;
}

/**
 * Reads a foreign package and the manifest it loads under. Refused when its manifest cannot be
 * read; the name checks (taken, disabled) are the loader's, as for any plugin.
 */
export function admitForeign(
  candidate: PluginCandidate,
  hooks: ProcessHookRegistrar | undefined,
): ForeignAdmission | { readonly ok: false; readonly reason: string } {
  if (candidate.format === "elowen") return { ok: false, reason: "not a foreign package" };
  let foreign: ForeignPlugin;
  let manifest: PluginManifest;
  try {
    foreign = readForeignPlugin(candidate.dir, candidate.format);
    manifest = foreignManifest(foreign);
  } catch (error) {
    return { ok: false, reason: errorMessage(error) };
  }
  const diagnostics = [...foreign.diagnostics];
  if (hooks === undefined && foreign.hooks.length > 0)
    diagnostics.push(
      `${foreign.hooks.length} command hooks are not run: this host runs no process hooks`,
    );
  return {
    ok: true,
    manifest,
    foreign,
    diagnostics,
    plugin: (loaded) =>
      adaptForeignPlugin(foreign, {
        diagnostics,
        ...(hooks === undefined ? {} : { registerHooks: hooks(foreign, loaded, diagnostics) }),
      }),
  };
}

/** Why a plugin of this name may not load now: another has the name, or it is disabled. */
export function nameProblem(
  name: string,
  disabled: readonly string[],
  states: readonly PluginState[],
): string | undefined {
  const taken = states.find((s) => s.name === name);
  if (taken) return `another plugin named ${name} is already loaded from ${taken.dir}`;
  if (disabled.includes(name)) return "disabled in the configuration (plugins.disabled)";
  return undefined;
}
