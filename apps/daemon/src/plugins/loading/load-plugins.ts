import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import {
  type ElowenPlugin,
  HOST_VERSIONS,
  type HostVersions,
  type PluginManifest,
  type PluginMutation,
  parsePluginManifest,
  pluginShortName,
} from "@elowen/plugin-api";
import { checkPluginCompatibility } from "@elowen/plugin-api/versions";
import { errorMessage } from "@elowen/plugin-shared/errors";
import type { PluginHost } from "../context/plugin-host.js";
import {
  removeMcpServersFile,
  sweepMcpServersFiles,
  writeMcpServersFile,
} from "../formats/mcp-servers-file.js";
import { browserBundleFile } from "../ui/browser-bundle.js";
import { BUNDLED_PLUGIN_CONSENT } from "./bundled-consent.js";
import type { PluginCandidate } from "./discover.js";
import { entryFile } from "./entry-file.js";
import { admitForeign, nameProblem, type ProcessHookRegistrar } from "./foreign-admission.js";
import type { LoadedPlugin, PluginState } from "./loaded-plugin.js";
import { peerRangeProblem } from "./peer-range.js";
import { registerPlugin } from "./register-plugin.js";

/** What the loader is told besides the candidates. */
export interface LoadOptions {
  readonly home: string;
  /** Where plugins' data directories are (`<pluginDataDir>/<short name>`; default `<home>/plugins-data`). */
  readonly pluginDataDir?: string;
  readonly disabled: readonly string[];
  readonly consent: Readonly<Record<string, { readonly mutates: readonly PluginMutation[] }>>;
  /** The operator's settings per plugin name, handed to each as `ctx.settings`. */
  readonly settings?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  readonly versions?: HostVersions;
  /** Runs a Claude Code plugin's command hooks as processes (none when absent). */
  readonly processHooks?: ProcessHookRegistrar;
}

/**
 * Loads every candidate in order. A plugin is refused, with the reason in its state, when its
 * package.json cannot be read, its manifest is invalid, another plugin has its name, it is
 * disabled, its declared core range / shared API / UI API or its plugin-api peer range is unmet
 * (both versions named), its module has no
 * `register`, or `register` throws or times out. A refused plugin leaves no registration behind
 * and never stops the daemon. Then the `mcp.d` files of plugins no longer loaded are swept.
 */
export async function loadPlugins(
  candidates: readonly PluginCandidate[],
  host: PluginHost,
  options: LoadOptions,
): Promise<readonly PluginState[]> {
  const states = host.registry.states;
  for (const candidate of candidates) {
    const state = await loadOne(candidate, host, options, states);
    states.push(state);
    const log = host.logger(state.name);
    if (state.state === "refused") log.warn(`plugin refused: ${state.reason}`);
  }
  // A plugin that wrote MCP servers and is no longer loaded (gone from plugins.dirs, removed,
  // disabled) leaves no servers behind: the MCP client follows mcp.d live.
  const loaded = new Set(states.filter((s) => s.state === "loaded").map((s) => s.name));
  sweepMcpServersFiles(options.home, (name) => loaded.has(name));
  return states;
}

async function loadOne(
  candidate: PluginCandidate,
  host: PluginHost,
  options: LoadOptions,
  states: readonly PluginState[],
): Promise<PluginState> {
  const base = { source: candidate.source, dir: candidate.dir };
  const json = candidate.packageJson as { name?: unknown; version?: unknown } | undefined;
  const label = {
    name: typeof json?.name === "string" ? json.name : candidate.dir,
    version: typeof json?.version === "string" ? json.version : "0.0.0",
  };
  const refuse = (reason: string): PluginState => ({ ...label, ...base, state: "refused", reason });
  if (candidate.format !== "elowen") return loadForeign(candidate, host, options, states);
  const admitted = admit(candidate, options, states);
  if (!admitted.ok) return refuse(admitted.reason);
  const { manifest, file } = admitted;
  let plugin: ElowenPlugin;
  try {
    const module = (await import(pathToFileURL(file).href)) as { default?: unknown };
    plugin = module.default as ElowenPlugin;
  } catch (error) {
    return refuse(`cannot import ${file}: ${errorMessage(error)}`);
  }
  if (typeof plugin?.register !== "function") {
    return refuse(`${file} has no default export with a register(ctx) function`);
  }
  const refusal = await registerPlugin(plugin, loadedPlugin(candidate, manifest, options), host);
  if (refusal !== undefined) return refuse(refusal);
  if (manifest.grantable) host.registry.grantable.add(manifest.name);
  if (readsPromptBox(file)) host.promptBox.markReader(manifest.name);
  return { name: manifest.name, version: manifest.version, ...base, state: "loaded", manifest };
}

/** Loads a Claude Code plugin or Agent Plugins package through its adapter. */
async function loadForeign(
  candidate: PluginCandidate,
  host: PluginHost,
  options: LoadOptions,
  states: readonly PluginState[],
): Promise<PluginState> {
  const base = { source: candidate.source, dir: candidate.dir, version: "0.0.0" };
  const admitted = admitForeign(candidate, options.processHooks);
  if (!admitted.ok)
    return { ...base, name: candidate.dir, state: "refused", reason: admitted.reason };
  const { manifest, diagnostics } = admitted;
  const named = { ...base, name: manifest.name, version: manifest.version, diagnostics };
  const problem = nameProblem(manifest.name, options.disabled, states);
  if (problem) return { ...named, state: "refused", reason: problem };
  const loaded = loadedPlugin(candidate, manifest, options);
  const refusal = await registerPlugin(admitted.plugin(loaded), loaded, host);
  if (refusal !== undefined) {
    removeMcpServersFile(options.home, manifest.name);
    return { ...named, state: "refused", reason: refusal };
  }
  // The MCP client (@elowen/plugin-mcp) follows mcp.d live and starts these servers.
  await writeMcpServersFile(options.home, admitted.foreign).catch((error: unknown) =>
    diagnostics.push(`MCP servers are not started: ${errorMessage(error)}`),
  );
  return { ...named, state: "loaded", manifest };
}

/**
 * The checks before a plugin's code is imported: its package.json read, its manifest valid, its
 * name not taken, not disabled, its declared versions met, its entry and browser bundle inside
 * its directory.
 */
function admit(
  candidate: PluginCandidate,
  options: LoadOptions,
  states: readonly PluginState[],
):
  | { readonly ok: true; readonly manifest: PluginManifest; readonly file: string }
  | { readonly ok: false; readonly reason: string } {
  const no = (reason: string) => ({ ok: false as const, reason });
  if (candidate.readError) return no(candidate.readError);
  const parsed = parsePluginManifest(candidate.packageJson);
  if (!parsed.ok) return no(parsed.message);
  const manifest = parsed.manifest;
  const problem = nameProblem(manifest.name, options.disabled, states);
  if (problem) return no(problem);
  const compatible = checkPluginCompatibility(manifest, options.versions ?? HOST_VERSIONS);
  if (!compatible.ok) return no(compatible.message);
  const peer = peerRangeProblem(manifest.name, candidate.packageJson);
  if (peer) return no(peer);
  const entry = entryFile(candidate, manifest);
  if (!entry.ok) return no(entry.reason);
  if (manifest.browser) {
    const bundle = browserBundleFile(candidate.dir, manifest.browser.entry);
    if (!bundle.ok) return no(bundle.reason);
  }
  return { ok: true, manifest, file: entry.file };
}

/** The plugin as its context sees it: the capabilities it was granted, its data and settings. */
function loadedPlugin(
  candidate: PluginCandidate,
  manifest: PluginManifest,
  options: LoadOptions,
): LoadedPlugin {
  const consent =
    options.consent[manifest.name] ??
    (candidate.source === "bundled" ? BUNDLED_PLUGIN_CONSENT[manifest.name] : undefined);
  const consented = new Set(consent?.mutates ?? []);
  return {
    manifest,
    dir: candidate.dir,
    source: candidate.source,
    granted: new Set(manifest.capabilities.mutates.filter((m) => consented.has(m))),
    dataDir: join(
      options.pluginDataDir ?? join(options.home, "plugins-data"),
      pluginShortName(manifest.name),
    ),
    homeDir: options.home,
    settings: Object.freeze({ ...(options.settings?.[manifest.name] ?? {}) }),
  };
}

/**
 * Whether a plugin's module calls `$.prompt.read` (`PromptFilled`: the box after a fill
 * goes only to such a plugin). Read from its entry module's source; a plugin that reads the box
 * some other way becomes a reader at its first `ctx.prompt.read()`.
 */
function readsPromptBox(file: string): boolean {
  try {
    return /\bprompt\s*\??\.\s*read\s*\(/.test(readFileSync(file, "utf8"));
  } catch {
    return false;
  }
}
