import type { PluginManifest, PluginMutation } from "@elowen/plugin-api";

/** Where a plugin was found. */
export type PluginSource = "bundled" | "config" | "installed";

/** A plugin whose manifest passed, as the loader hands it to its context. */
export interface LoadedPlugin {
  readonly manifest: PluginManifest;
  readonly dir: string;
  readonly source: PluginSource;
  /** The capabilities the manifest asks for and the operator consented to. */
  readonly granted: ReadonlySet<PluginMutation>;
  /** The plugin's own data directory (`<plugins.dataDir>/<short name>`, default `<home>/plugins-data/<short name>`). */
  readonly dataDir: string;
  /** The host's data directory (`$ELOWEN_HOME`). */
  readonly homeDir: string;
  /** The operator's settings for it (`plugins.settings.<name>`), `{}` when none. */
  readonly settings: Readonly<Record<string, unknown>>;
}

/** A plugin's load outcome, as status shows it. */
export interface PluginState {
  readonly name: string;
  readonly version: string;
  readonly state: "loaded" | "refused";
  readonly reason?: string;
  readonly source: PluginSource;
  readonly dir: string;
  /** The validated manifest, once it passed. */
  readonly manifest?: PluginManifest;
  /** What of a Claude Code or Agent Plugins package could not be mapped, one sentence each. */
  readonly diagnostics?: readonly string[];
}
