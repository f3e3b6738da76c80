import type { PluginManifest } from "@elowen/plugin-api";
import type { Access } from "@elowen/plugin-api/access";
import { PLUGIN_UI_PATH, type PluginUiEntry } from "@elowen/wire";
import { isGranted } from "../call-scope/grants.js";
import type { PluginRegistry } from "../registries/registry.js";
import { type BundleFile, browserBundleFile } from "./browser-bundle.js";
import { viewStrings } from "./view-strings.js";

/** Where a plugin's browser bundle is served (behind the token). */
export function bundleUrl(pluginName: string): string {
  return `${PLUGIN_UI_PATH}/${encodeURIComponent(pluginName)}/bundle.js`;
}

function usable(registry: PluginRegistry, access: Access) {
  return registry.states.flatMap((state) =>
    state.state === "loaded" &&
    state.manifest &&
    isGranted(access, state.name, registry.grantable.has(state.name))
      ? [{ dir: state.dir, manifest: state.manifest as PluginManifest }]
      : [],
  );
}

/**
 * `GET /ui/plugins`: each loaded plugin the account may use (a user-grantable one only with its
 * grant), with its view strings for the reader's `languages` and, when it ships a browser bundle, the UI API its
 * manifest declares and the bundle's URL.
 */
export function pluginUiList(
  registry: PluginRegistry,
  access: Access,
  languages: readonly (string | undefined)[],
): PluginUiEntry[] {
  return usable(registry, access).map(({ manifest }) => ({
    name: manifest.name,
    ...(manifest.displayName === undefined ? {} : { displayName: manifest.displayName }),
    strings: { ...viewStrings(manifest, languages) },
    ...(manifest.browser && manifest.uiApi !== undefined
      ? { browser: { uiApi: manifest.uiApi, url: bundleUrl(manifest.name) } }
      : {}),
  }));
}

/**
 * The file of a plugin's browser bundle for this account: undefined when no plugin it may use
 * of that name ships one (the same answer for a plugin it may not use as for a missing one).
 */
export function pluginBundleFile(
  registry: PluginRegistry,
  access: Access,
  pluginName: string,
): BundleFile | undefined {
  const found = usable(registry, access).find(({ manifest }) => manifest.name === pluginName);
  if (!found?.manifest.browser) return undefined;
  return browserBundleFile(found.dir, found.manifest.browser.entry);
}
