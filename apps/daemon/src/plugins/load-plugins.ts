import { mkdirSync, readFileSync } from "node:fs";
import { join, resolve, sep } from "node:path";
import { pathToFileURL } from "node:url";
import {
  checkPluginCompatibility,
  type ElowenPlugin,
  HOST_VERSIONS,
  type HostVersions,
  type PluginManifest,
  type PluginMutation,
  parsePluginManifest,
  pluginShortName,
} from "@elowen/plugin-api";
import { errorMessage } from "@elowen/plugin-shared/errors";
import { browserBundleFile } from "./browser-bundle.js";
import { BUNDLED_PLUGIN_CONSENT } from "./bundled-consent.js";
import type { PluginCandidate } from "./discover.js";
import type { LoadedPlugin, PluginState } from "./loaded-plugin.js";
import { createPluginContext } from "./plugin-context.js";
import type { PluginHost } from "./plugin-host.js";

/** How long a plugin's `register` may take before it is refused (ours). */
export const REGISTER_TIMEOUT_MS = 10_000;

/** What the loader is told besides the candidates. */
export interface LoadOptions {
  readonly home: string;
  readonly disabled: readonly string[];
  readonly consent: Readonly<Record<string, { readonly mutates: readonly PluginMutation[] }>>;
  /** The operator's settings per plugin name, handed to each as `ctx.settings`. */
  readonly settings?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  readonly versions?: HostVersions;
}

/**
 * Loads every candidate in order. A plugin is refused, with the reason in its state, when its
 * package.json cannot be read, its manifest is invalid, another plugin has its name, it is
 * disabled, its declared core range / shared API / UI API is unmet, its module has no
 * `register`, or `register` throws or times out. A refused plugin leaves no registration behind
 * and never stops the daemon.
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
  return states;
}

async function loadOne(
  candidate: PluginCandidate,
  host: PluginHost,
  options: LoadOptions,
  states: readonly PluginState[],
): Promise<PluginState> {
  const base = { source: candidate.source, dir: candidate.dir };
  const rawName = (candidate.packageJson as { name?: unknown } | undefined)?.name;
  const rawVersion = (candidate.packageJson as { version?: unknown } | undefined)?.version;
  const label = {
    name: typeof rawName === "string" ? rawName : candidate.dir,
    version: typeof rawVersion === "string" ? rawVersion : "0.0.0",
  };
  const refuse = (reason: string): PluginState => ({ ...label, ...base, state: "refused", reason });
  if (candidate.readError) return refuse(candidate.readError);
  const parsed = parsePluginManifest(candidate.packageJson);
  if (!parsed.ok) return refuse(parsed.message);
  const manifest = parsed.manifest;
  if (states.some((s) => s.name === manifest.name)) {
    return refuse(
      `another plugin named ${manifest.name} is already loaded from ${states.find((s) => s.name === manifest.name)?.dir}`,
    );
  }
  if (options.disabled.includes(manifest.name))
    return refuse("disabled in the configuration (plugins.disabled)");
  const compatible = checkPluginCompatibility(manifest, options.versions ?? HOST_VERSIONS);
  if (!compatible.ok) return refuse(compatible.message);
  const entry = entryFile(candidate, manifest);
  if (!entry.ok) return refuse(entry.reason);
  if (manifest.browser) {
    const bundle = browserBundleFile(candidate.dir, manifest.browser.entry);
    if (!bundle.ok) return refuse(bundle.reason);
  }
  let plugin: ElowenPlugin;
  try {
    const module = (await import(pathToFileURL(entry.file).href)) as { default?: unknown };
    plugin = module.default as ElowenPlugin;
  } catch (error) {
    return refuse(`cannot import ${entry.file}: ${errorMessage(error)}`);
  }
  if (typeof plugin?.register !== "function") {
    return refuse(`${entry.file} has no default export with a register(ctx) function`);
  }
  const consent =
    options.consent[manifest.name] ??
    (candidate.source === "bundled" ? BUNDLED_PLUGIN_CONSENT[manifest.name] : undefined);
  const consented = new Set(consent?.mutates ?? []);
  const loaded: LoadedPlugin = {
    manifest,
    dir: candidate.dir,
    source: candidate.source,
    granted: new Set(manifest.capabilities.mutates.filter((m) => consented.has(m))),
    dataDir: join(options.home, "plugins-data", pluginShortName(manifest.name)),
    settings: Object.freeze({ ...(options.settings?.[manifest.name] ?? {}) }),
  };
  try {
    for (const route of manifest.routes) {
      host.registry.routes.declare(manifest.name, route.method, route.path, manifest.grantable);
    }
  } catch (error) {
    host.registry.routes.withdraw(manifest.name);
    return refuse(errorMessage(error));
  }
  mkdirSync(loaded.dataDir, { recursive: true, mode: 0o700 });
  const { ctx, staging } = createPluginContext(loaded, host);
  try {
    await withTimeout(Promise.resolve(plugin.register(ctx)), REGISTER_TIMEOUT_MS, manifest.name);
  } catch (error) {
    staging.close();
    await staging.abort();
    return refuse(`register threw: ${errorMessage(error)}`);
  }
  staging.close();
  try {
    await staging.settled();
  } catch (error) {
    await staging.abort();
    return refuse(`a registration failed: ${errorMessage(error)}`);
  }
  staging.commit();
  if (manifest.grantable) host.registry.grantable.add(manifest.name);
  if (readsPromptBox(entry.file)) host.promptBox.markReader(manifest.name);
  return { name: manifest.name, version: manifest.version, ...base, state: "loaded", manifest };
}

/**
 * Whether a plugin's module calls `$.prompt.read` (seed 004, PromptFilled: the box after a fill
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

function entryFile(candidate: PluginCandidate, manifest: PluginManifest) {
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

async function withTimeout<T>(promise: Promise<T>, ms: number, plugin: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`${plugin} did not finish register within ${ms} ms`)),
          ms,
        );
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
