/** `@elowen/plugin-api/browser`. Browser bundles: what a plugin's web view gets from the host UI (host UI API). */

export type {
  HostUi,
  HostUiApiOptions,
  HostUiUtils,
  PluginBrowserBundle,
  PluginBrowserView,
} from "../browser.js";
