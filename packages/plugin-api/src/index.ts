/**
 * `@elowen/plugin-api`: what a plugin needs to declare itself. The entry point (`definePlugin`),
 * the `PluginContext` its `register` receives, the manifest (`elowen` block of package.json)
 * and the version numbers a manifest declares. Everything else the contract holds is behind a
 * subpath named for its topic (`@elowen/plugin-api/tools`, `/chains`, `/limits`, ...).
 */

export type { AgentInfo, ElowenPlugin, PluginContext } from "./context.js";
export { definePlugin } from "./context.js";
export type { PluginLogger } from "./logger.js";
export type {
  ManifestParseResult,
  ManifestProblem,
  PluginManifest,
  PluginManifestInput,
  PluginMutation,
  PluginRoute,
  PluginRouteMethod,
  PluginStrings,
} from "./manifest.js";
export {
  isCommandName,
  PLUGIN_MUTATIONS,
  PLUGIN_ROUTE_METHODS,
  PluginManifestBlockSchema,
  PluginManifestSchema,
  PluginRouteSchema,
  PluginStringsSchema,
  parsePluginManifest,
  pluginShortName,
} from "./manifest.js";
export type { HostVersions } from "./versions.js";
export {
  CORE_VERSION,
  HOST_UI_API_VERSION,
  HOST_VERSIONS,
  MIN_SHARED_API_VERSION,
  SHARED_API_VERSION,
} from "./versions.js";
