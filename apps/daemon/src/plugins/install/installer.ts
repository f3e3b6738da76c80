import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { HOST_VERSIONS, type HostVersions, type PluginMutation } from "@elowen/plugin-api";
import { errorMessage, isElowenError } from "@elowen/plugin-shared/errors";
import { commitPackage, installDir } from "./commit-package.js";
import { describePackage } from "./describe-package.js";
import { fetchPackage, type NpmOptions } from "./fetch-package.js";
import { linkHostPackages } from "./host-links.js";
import { PLUGIN_INSTALL_ERRORS as E, PluginInstallError } from "./install-error.js";
import { type FetchableSource, parseInstallSpec } from "./install-spec.js";
import { type LockedPlugin, type Lockfile, readLockfile } from "./lockfile.js";
import { marketplaceSource } from "./marketplace.js";

const run = promisify(execFile);

/** How a committed plugin reached the running daemon. */
export type Activation =
  | { readonly load: "loaded" }
  | { readonly load: "refused"; readonly reason: string }
  | { readonly load: "restart-needed"; readonly reason: string };

/** The operator's consent given with the command: the capabilities named, or all with `yes`. */
export interface Consent {
  readonly mutates?: readonly PluginMutation[];
  readonly yes?: boolean;
}

/** What `add` and `update` answer. */
export type InstallOutcome =
  | {
      readonly status: "needs-consent";
      readonly name: string;
      readonly version: string;
      /** Every capability it asks for, and those not consented to before (all of them for a new plugin). */
      readonly mutates: readonly PluginMutation[];
      readonly added: readonly PluginMutation[];
      readonly diagnostics: readonly string[];
    }
  | {
      readonly status: "installed" | "updated";
      readonly plugin: LockedPlugin;
      readonly previousVersion?: string;
      readonly added: readonly PluginMutation[];
      readonly removed: readonly PluginMutation[];
      readonly activation: Activation;
      readonly diagnostics: readonly string[];
    };

/** What the installer is built with. */
export interface InstallerOptions {
  readonly home: string;
  /** Where relative paths in a spec start (default: the process's working directory). */
  readonly cwd?: string;
  readonly npm?: NpmOptions;
  readonly versions?: HostVersions;
  readonly now?: () => Date;
  /** Makes a committed plugin live; default: it loads at the next start. */
  readonly activate?: (plugin: LockedPlugin, replaced: boolean) => Promise<Activation>;
}

/**
 * Installs plugins into `<home>/plugins` with a lockfile pinning version and integrity. One
 * operation runs at a time; a failed one (fetch, integrity, manifest refused, newer API,
 * commit) leaves the folder and the lockfile exactly as they were.
 */
export class PluginInstaller {
  readonly #options: InstallerOptions;
  #queue: Promise<unknown> = Promise.resolve();

  constructor(options: InstallerOptions) {
    this.#options = options;
  }

  /** The installed plugins, by name. */
  list(): Promise<readonly LockedPlugin[]> {
    return this.#serial(async () =>
      Object.values((await readLockfile(this.#options.home)).plugins),
    );
  }

  /** Installs from an npm spec, a folder, a tarball or `name@marketplace-dir`. */
  add(spec: string, consent: Consent = {}): Promise<InstallOutcome> {
    return this.#serial(() => this.#install(spec, this.#source(spec), consent, undefined));
  }

  /** Fetches an installed plugin's spec again; asks again when its capabilities grew. */
  update(name: string, consent: Consent = {}): Promise<InstallOutcome> {
    return this.#serial(async () => {
      const locked = (await readLockfile(this.#options.home)).plugins[name];
      if (!locked) throw new PluginInstallError(E.notInstalled, `${name} is not installed`);
      return this.#install(locked.spec, this.#source(locked.spec), consent, locked);
    });
  }

  /** Removes an installed plugin's folder and lock entry. */
  remove(name: string): Promise<{ readonly removed: LockedPlugin }> {
    return this.#serial(async () => {
      const { home } = this.#options;
      const lockfile = await readLockfile(home);
      const locked = lockfile.plugins[name];
      if (!locked) throw new PluginInstallError(E.notInstalled, `${name} is not installed`);
      const { [name]: _, ...rest } = lockfile.plugins;
      const staging = this.#staging();
      try {
        await commitPackage(home, staging, locked.dir, undefined, { ...lockfile, plugins: rest });
      } catch (error) {
        throw new PluginInstallError(
          E.commit,
          `could not remove ${name}: ${errorMessage(error)}`,
          error,
        );
      } finally {
        rmSync(staging, { recursive: true, force: true });
      }
      return { removed: locked };
    });
  }

  async #install(
    spec: string,
    source: FetchableSource,
    consent: Consent,
    previous: LockedPlugin | undefined,
  ): Promise<InstallOutcome> {
    const { home } = this.#options;
    const lockfile = await readLockfile(home);
    const staging = this.#staging();
    try {
      const fetched = await fetchPackage(source, staging, this.#options.npm).catch(
        (error: unknown) => {
          if (error instanceof PluginInstallError) throw error;
          throw new PluginInstallError(E.fetch, errorMessage(error), error);
        },
      );
      const described = describePackage(fetched.dir, this.#options.versions ?? HOST_VERSIONS);
      if (!described.ok) throw new PluginInstallError(E.refused, described.reason);
      const { manifest, format, diagnostics } = described;
      if (previous && previous.name !== manifest.name)
        throw new PluginInstallError(
          E.refused,
          `${spec} now holds ${manifest.name}, not ${previous.name}`,
        );
      const pinned = lockfile.plugins[manifest.name] ?? previous;
      if (pinned && pinned.version === manifest.version && pinned.integrity !== fetched.integrity)
        throw new PluginInstallError(
          E.integrity,
          `${manifest.name}@${manifest.version}: integrity ${fetched.integrity.slice(0, 20)}… differs from the pinned ${pinned.integrity.slice(0, 20)}…`,
        );
      const asked = manifest.capabilities.mutates;
      const before = new Set(pinned?.consent ?? []);
      const added = asked.filter((m) => !before.has(m));
      const given = new Set(consent.mutates ?? []);
      if (!consent.yes && added.some((m) => !given.has(m)))
        return {
          status: "needs-consent",
          name: manifest.name,
          version: manifest.version,
          mutates: asked,
          added,
          diagnostics,
        };
      await installDependencies(fetched.dir, this.#options.npm);
      const plugin: LockedPlugin = {
        name: manifest.name,
        version: manifest.version,
        format,
        spec,
        resolved: fetched.resolved,
        integrity: fetched.integrity,
        dir: installDir(manifest.name),
        mutates: [...asked],
        consent: asked.filter((m) => before.has(m) || given.has(m) || consent.yes === true),
        installedAt: (this.#options.now?.() ?? new Date()).toISOString(),
      };
      const next: Lockfile = {
        ...lockfile,
        plugins: { ...lockfile.plugins, [plugin.name]: plugin },
      };
      if (pinned && pinned.dir !== plugin.dir) delete next.plugins[pinned.name];
      await commitPackage(home, staging, plugin.dir, fetched.dir, next).catch((error: unknown) => {
        throw new PluginInstallError(
          E.commit,
          `could not install ${plugin.name}: ${errorMessage(error)}`,
          error,
        );
      });
      linkHostPackages(home);
      const activation = this.#options.activate
        ? await this.#options.activate(plugin, pinned !== undefined)
        : ({
            load: "restart-needed",
            reason: "no daemon is running; it loads at the next start",
          } as const);
      const removed = (pinned?.mutates ?? []).filter((m) => !asked.includes(m));
      return {
        status: pinned ? "updated" : "installed",
        plugin,
        ...(pinned ? { previousVersion: pinned.version } : {}),
        added,
        removed,
        activation,
        diagnostics,
      };
    } catch (error) {
      if (isElowenError(error)) throw error;
      throw new PluginInstallError(E.commit, errorMessage(error), error);
    } finally {
      rmSync(staging, { recursive: true, force: true });
    }
  }

  #source(spec: string): FetchableSource {
    try {
      const source = parseInstallSpec(spec, this.#options.cwd ?? process.cwd());
      return source.kind === "marketplace"
        ? marketplaceSource(source.name, source.marketplaceDir)
        : source;
    } catch (error) {
      if (error instanceof PluginInstallError) throw error;
      throw new PluginInstallError(E.spec, errorMessage(error), error);
    }
  }

  #staging(): string {
    const root = join(this.#options.home, "plugins");
    mkdirSync(root, { recursive: true, mode: 0o700 });
    return mkdtempSync(join(root, ".staging-"));
  }

  #serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.#queue.then(work, work);
    this.#queue = next.catch(() => undefined);
    return next;
  }
}

/** Installs a package's own runtime dependencies inside its folder (scripts never run). */
async function installDependencies(dir: string, npm: NpmOptions = {}): Promise<void> {
  const file = join(dir, "package.json");
  if (!existsSync(file)) return;
  const json = JSON.parse(readFileSync(file, "utf8")) as {
    dependencies?: Record<string, string>;
  };
  if (Object.keys(json.dependencies ?? {}).length === 0) return;
  const args = [
    "install",
    "--omit=dev",
    "--omit=peer",
    "--ignore-scripts",
    "--no-audit",
    "--no-fund",
    "--no-package-lock",
  ];
  try {
    await run(npm.command ?? "npm", args, {
      cwd: dir,
      env: { ...process.env, ...npm.env },
      timeout: 300_000,
    });
  } catch (error) {
    throw new PluginInstallError(
      E.fetch,
      `npm could not install the dependencies of ${dir}: ${errorMessage(error)}`,
      error,
    );
  }
}
