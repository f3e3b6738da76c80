import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, mkdirSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { promisify } from "node:util";
import { errorMessage } from "@elowen/plugin-shared/errors";
import { extract } from "tar";
import { PLUGIN_INSTALL_ERRORS, PluginInstallError } from "./install-error.js";
import type { FetchableSource } from "./install-spec.js";

const run = promisify(execFile);

/** The largest tarball or folder a plugin may be (ours): bigger ones are refused before unpacking. */
export const MAX_PLUGIN_PACKAGE_BYTES = 50 * 1024 * 1024;
/** How long `npm pack` may take to fetch a package (ours). */
export const NPM_FETCH_TIMEOUT_MS = 120_000;

/** How the installer runs npm: the command and the environment (registry, cache, proxy). */
export interface NpmOptions {
  readonly command?: string;
  readonly env?: Readonly<Record<string, string | undefined>>;
}

/** A package unpacked into a staging folder, with what pins it. */
export interface FetchedPackage {
  /** The unpacked package's folder (inside the staging folder). */
  readonly dir: string;
  /** `sha512-…` of the tarball, or of the folder's files for a folder. */
  readonly integrity: string;
  /** Where it came from: the tarball npm fetched, the tarball or the folder. */
  readonly resolved: string;
}

/** Unpacks a package from its source into `<staging>/package`. Throws naming what failed. */
export async function fetchPackage(
  source: FetchableSource,
  staging: string,
  npm: NpmOptions = {},
): Promise<FetchedPackage> {
  const dir = join(staging, "package");
  mkdirSync(dir, { recursive: true });
  if (source.kind === "dir") {
    const integrity = folderIntegrity(source.dir);
    cpSync(source.dir, dir, { recursive: true, filter: (from) => !skipped(source.dir, from) });
    return { dir, integrity, resolved: source.dir };
  }
  const tarball =
    source.kind === "tarball"
      ? { file: source.file, resolved: source.file }
      : await npmPack(source.spec, staging, npm);
  const integrity = tarballIntegrity(tarball.file);
  await extract({ file: tarball.file, cwd: dir, strip: 1 });
  return { dir, integrity, resolved: tarball.resolved };
}

/** `sha512-<base64>` of a tarball, as npm writes `dist.integrity`. Refuses one over the cap. */
export function tarballIntegrity(file: string): string {
  const size = statSync(file).size;
  if (size > MAX_PLUGIN_PACKAGE_BYTES)
    throw new PluginInstallError(
      PLUGIN_INSTALL_ERRORS.fetch,
      `${file} is ${size} bytes; a plugin package is at most ${MAX_PLUGIN_PACKAGE_BYTES} bytes`,
    );
  return `sha512-${createHash("sha512").update(readFileSync(file)).digest("base64")}`;
}

/**
 * `sha512-<base64>` over a folder's files (sorted relative paths and contents; `.git` and
 * `node_modules` skipped), so that an unchanged folder installs with the same integrity.
 */
export function folderIntegrity(root: string): string {
  const hash = createHash("sha512");
  let total = 0;
  for (const file of listFiles(root, root)) {
    const bytes = readFileSync(join(root, file));
    total += bytes.length;
    if (total > MAX_PLUGIN_PACKAGE_BYTES)
      throw new PluginInstallError(
        PLUGIN_INSTALL_ERRORS.fetch,
        `${root} holds more than ${MAX_PLUGIN_PACKAGE_BYTES} bytes; a plugin package is at most that`,
      );
    hash.update(file).update("\0").update(bytes).update("\0");
  }
  return `sha512-${hash.digest("base64")}`;
}

function listFiles(root: string, dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
    a.name < b.name ? -1 : 1,
  )) {
    const path = join(dir, entry.name);
    if (skipped(root, path)) continue;
    if (entry.isDirectory()) files.push(...listFiles(root, path));
    else if (entry.isFile()) files.push(relative(root, path));
  }
  return files;
}

function skipped(root: string, path: string): boolean {
  const parts = relative(root, path).split(/[\\/]/);
  return parts.includes("node_modules") || parts.includes(".git");
}

const PackOutputSchema = (value: unknown): { filename: string; name: string; version: string } => {
  const first = Array.isArray(value) ? value[0] : undefined;
  if (
    typeof first?.filename !== "string" ||
    typeof first?.name !== "string" ||
    typeof first?.version !== "string"
  )
    throw new PluginInstallError(
      PLUGIN_INSTALL_ERRORS.fetch,
      "npm pack printed no package (expected [{ filename, name, version }])",
    );
  return first;
};

/** Fetches an npm spec with the npm client (`npm pack`), which verifies the registry's integrity. */
async function npmPack(spec: string, staging: string, npm: NpmOptions) {
  const args = ["pack", spec, "--json", "--ignore-scripts", "--pack-destination", staging];
  let stdout: string;
  try {
    ({ stdout } = await run(npm.command ?? "npm", args, {
      cwd: staging,
      env: { ...process.env, ...npm.env, npm_config_update_notifier: "false" },
      timeout: NPM_FETCH_TIMEOUT_MS,
      maxBuffer: 8 * 1024 * 1024,
    }));
  } catch (error) {
    const stderr = String((error as { stderr?: unknown }).stderr ?? "").trim();
    const detail = stderr
      .split("\n")
      .filter((l) => /npm (error|ERR)/.test(l))
      .slice(0, 4)
      .join(" ");
    throw new PluginInstallError(
      PLUGIN_INSTALL_ERRORS.fetch,
      `npm could not fetch ${spec}: ${detail || errorMessage(error)}`,
      error,
    );
  }
  const packed = PackOutputSchema(JSON.parse(stdout));
  return { file: join(staging, packed.filename), resolved: `${packed.name}@${packed.version}` };
}
