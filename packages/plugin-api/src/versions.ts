import semver from "semver";
import type { PluginManifest } from "./manifest.js";

/** The host core version this contract describes. Plugins declare a range that must include it. */
export const CORE_VERSION = "0.30.7";
/**
 * The shared API version this contract describes. 15 gives chain hooks a read-only event
 * (`ChainEvent`); 16 moves every export but the entry point, context, manifest and versions behind
 * topic subpaths (`@elowen/plugin-api/tools`, ...) and drops the semver helpers; 17 adds the
 * image store `ctx.images` (`@elowen/plugin-api/images`), cluster announcements `ctx.cluster`
 * (`@elowen/plugin-api/cluster`) and lets a route declare zod schemas the host validates at the
 * boundary (`PluginRouteSchemas`). The context only grows, so plugins written for 14 (the Skills
 * which declare shared API 14) still load; a plugin built against an older package is held back by
 * its peer range.
 */
export const SHARED_API_VERSION = 17;
/** The oldest shared API version the host still loads (Skills declares shared API 14). */
export const MIN_SHARED_API_VERSION = 14;
/** The host UI API version browser bundles are written against (Skills: UI API 55). */
export const HOST_UI_API_VERSION = 55;

/** What a host offers, to check a manifest against. */
export interface HostVersions {
  readonly core: string;
  readonly sharedApi: number;
  readonly minSharedApi: number;
  readonly uiApi: number;
}

/** The versions of this build of the contract. */
export const HOST_VERSIONS: HostVersions = {
  core: CORE_VERSION,
  sharedApi: SHARED_API_VERSION,
  minSharedApi: MIN_SHARED_API_VERSION,
  uiApi: HOST_UI_API_VERSION,
};

/** One unmet declaration: which field, what the plugin declared, what the host offers. */
export interface CompatibilityProblem {
  readonly field: "core" | "sharedApi" | "uiApi";
  readonly plugin: string;
  readonly host: string;
  readonly message: string;
}

/** The outcome of {@link checkPluginCompatibility}. */
export type CompatibilityResult =
  | { readonly ok: true }
  | {
      readonly ok: false;
      readonly problems: readonly CompatibilityProblem[];
      readonly message: string;
    };

/**
 * Checks a manifest's declared core range, shared API and (for browser bundles) UI API against a
 * host. The core range is read by npm's `semver` (prereleases match only a range that names
 * them); an unreadable range or host version is unmet. Each problem's message names both sides: what the plugin declares and what the host is.
 * The shared API is accepted from `minSharedApi` to `sharedApi`; the UI API must be equal.
 */
export function checkPluginCompatibility(
  manifest: Pick<PluginManifest, "name" | "core" | "sharedApi"> & {
    readonly uiApi?: number | undefined;
    readonly browser?: unknown;
  },
  host: HostVersions = HOST_VERSIONS,
): CompatibilityResult {
  const problems: CompatibilityProblem[] = [];
  if (!semver.satisfies(host.core, manifest.core)) {
    problems.push({
      field: "core",
      plugin: manifest.core,
      host: host.core,
      message: `${manifest.name} needs core ${manifest.core}, but this host is core ${host.core}`,
    });
  }
  if (manifest.sharedApi > host.sharedApi || manifest.sharedApi < host.minSharedApi) {
    const range =
      host.minSharedApi === host.sharedApi
        ? `${host.sharedApi}`
        : `${host.minSharedApi} to ${host.sharedApi}`;
    problems.push({
      field: "sharedApi",
      plugin: String(manifest.sharedApi),
      host: String(host.sharedApi),
      message: `${manifest.name} declares shared API ${manifest.sharedApi}, but this host loads shared API ${range}`,
    });
  }
  const uiApi =
    manifest.uiApi === undefined
      ? undefined
      : checkUiApi(manifest.name, manifest.uiApi, host.uiApi);
  if (uiApi) problems.push(uiApi);
  if (problems.length === 0) return { ok: true };
  return { ok: false, problems, message: problems.map((p) => p.message).join("; ") };
}

/**
 * The UI API rule, one for the loader and every web host: a browser bundle runs only against
 * the host UI API it declares, exactly. Undefined when `uiApi` is `hostUiApi`; otherwise the
 * problem, its message naming both sides.
 */
export function checkUiApi(
  plugin: string,
  uiApi: number,
  hostUiApi: number = HOST_UI_API_VERSION,
): CompatibilityProblem | undefined {
  if (uiApi === hostUiApi) return undefined;
  return {
    field: "uiApi",
    plugin: String(uiApi),
    host: String(hostUiApi),
    message: `${plugin}'s browser bundle needs host UI API ${uiApi}, but this host serves UI API ${hostUiApi}`,
  };
}
