import { join } from "node:path";
import type { PluginMutation } from "@elowen/plugin-api";
import { errorMessage } from "@elowen/plugin-shared/errors";
import type { ElowenConfig } from "../../config/schema.js";
import type { PluginHost } from "../context/plugin-host.js";
import { removeMcpServersFile } from "../formats/mcp-servers-file.js";
import { readCandidate } from "../loading/discover.js";
import { type LoadOptions, loadPlugins } from "../loading/load-plugins.js";
import type { NpmOptions } from "./fetch-package.js";
import {
  type Activation,
  type Consent,
  type InstallOutcome,
  PluginInstaller,
} from "./installer.js";
import { type LockedPlugin, readLockfile } from "./lockfile.js";

/** An installed plugin with its state in the running daemon (`not-loaded`: waits for a restart). */
export type InstalledPluginView = LockedPlugin & {
  readonly state: "loaded" | "refused" | "not-loaded";
  readonly reason?: string;
  readonly diagnostics?: readonly string[];
};

/** An install or update outcome whose plugin carries its state in the running daemon. */
export type InstalledOutcome =
  | Extract<InstallOutcome, { status: "needs-consent" }>
  | (Omit<Extract<InstallOutcome, { status: "installed" | "updated" }>, "plugin"> & {
      readonly plugin: InstalledPluginView;
    });

/** The plugin settings of the config that loading reads. */
type PluginsConfig = Pick<ElowenConfig["plugins"], "disabled" | "consent" | "dataDir">;

/**
 * The loader's options: the config's, with the consent the lockfile records for each installed
 * plugin under the config's own `plugins.consent` (which wins), and each plugin's settings as
 * the config's sections resolved them. A lockfile that cannot be read is logged and grants nothing.
 */
export async function pluginLoadOptions(
  home: string,
  plugins: PluginsConfig,
  settings: NonNullable<LoadOptions["settings"]>,
  log: (message: string) => void,
): Promise<LoadOptions> {
  let locked: Record<string, { readonly mutates: readonly PluginMutation[] }> = {};
  try {
    const lockfile = await readLockfile(home);
    locked = Object.fromEntries(
      Object.values(lockfile.plugins).map((p) => [p.name, { mutates: p.consent }]),
    );
  } catch (error) {
    log(`installed plugins load without consent: ${errorMessage(error)}`);
  }
  return {
    home,
    pluginDataDir: plugins.dataDir,
    disabled: plugins.disabled,
    consent: { ...locked, ...plugins.consent },
    settings,
  };
}

/**
 * `elowen plugins` in the running daemon: installs through PluginInstaller and loads a new plugin
 * at once; a plugin already loaded (an update) or removed stays as it is until the next start,
 * and the answer says so.
 */
export class InstalledPlugins {
  readonly #installer: PluginInstaller;
  readonly #host: PluginHost;
  readonly #home: string;

  constructor(home: string, host: PluginHost, loadOptions: LoadOptions, npm?: NpmOptions) {
    this.#host = host;
    this.#home = home;
    this.#installer = new PluginInstaller({
      home,
      ...(npm === undefined ? {} : { npm }),
      activate: (plugin, replaced) => this.#activate(home, plugin, replaced, loadOptions),
    });
  }

  async list(): Promise<InstalledPluginView[]> {
    return (await this.#installer.list()).map((p) => this.#view(p));
  }

  async add(spec: string, consent: Consent): Promise<InstalledOutcome> {
    return this.#withState(await this.#installer.add(spec, consent));
  }

  async update(name: string, consent: Consent): Promise<InstalledOutcome> {
    return this.#withState(await this.#installer.update(name, consent));
  }

  async remove(name: string): Promise<{ removed: InstalledPluginView; activation: Activation }> {
    const view = (await this.list()).find((p) => p.name === name);
    const { removed } = await this.#installer.remove(name);
    // Its MCP servers stop now: the MCP client follows mcp.d live.
    removeMcpServersFile(this.#home, name);
    const activation: Activation =
      view?.state === "loaded"
        ? { load: "restart-needed", reason: `${name} stays loaded until the daemon restarts` }
        : { load: "refused", reason: `${name} was not loaded` };
    return { removed: { ...removed, state: view?.state ?? "not-loaded" }, activation };
  }

  #withState(outcome: InstallOutcome): InstalledOutcome {
    if (outcome.status === "needs-consent") return outcome;
    return { ...outcome, plugin: this.#view(outcome.plugin) };
  }

  #view(plugin: LockedPlugin): InstalledPluginView {
    const state = this.#host.registry.states.find((s) => s.name === plugin.name);
    if (!state) return { ...plugin, state: "not-loaded" };
    return {
      ...plugin,
      state: state.state,
      ...(state.reason === undefined ? {} : { reason: state.reason }),
      ...(state.diagnostics === undefined ? {} : { diagnostics: state.diagnostics }),
    };
  }

  async #activate(
    home: string,
    plugin: LockedPlugin,
    replaced: boolean,
    options: LoadOptions,
  ): Promise<Activation> {
    const states = this.#host.registry.states;
    if (replaced || states.some((s) => s.name === plugin.name && s.state === "loaded"))
      return {
        load: "restart-needed",
        reason: `a loaded plugin is not swapped while the daemon runs; ${plugin.name}@${plugin.version} loads at the next start`,
      };
    for (let i = states.length - 1; i >= 0; i -= 1)
      if (states[i]?.name === plugin.name) states.splice(i, 1);
    const candidate = readCandidate(join(home, "plugins", plugin.dir), "installed");
    const consent = { [plugin.name]: { mutates: plugin.consent }, ...options.consent };
    await loadPlugins([candidate], this.#host, { ...options, consent });
    const state = states.find((s) => s.name === plugin.name);
    if (state?.state === "loaded") return { load: "loaded" };
    return { load: "refused", reason: state?.reason ?? "the loader did not load it" };
  }
}
