import { existsSync, statSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";
import { PLUGIN_INSTALL_ERRORS, PluginInstallError } from "./install-error.js";

/** Where `elowen plugins add <spec>` takes a plugin from. */
export type InstallSource =
  | { readonly kind: "npm"; readonly spec: string }
  | { readonly kind: "tarball"; readonly file: string }
  | { readonly kind: "dir"; readonly dir: string }
  | { readonly kind: "marketplace"; readonly name: string; readonly marketplaceDir: string };

/** A source the installer can fetch directly (a marketplace entry resolves to one of these). */
export type FetchableSource = Exclude<InstallSource, { readonly kind: "marketplace" }>;

/** An npm package spec as `npm pack` takes it: a name, optionally scoped, with a version or range. */
const NPM_SPEC = /^(?:@[a-z0-9][a-z0-9._-]*\/)?[a-z0-9][a-z0-9._-]*(?:@[^\s@]{1,100})?$/;
/** A marketplace plugin reference: `<plugin name>@<marketplace dir>`. */
const MARKETPLACE_REF = /^([a-z0-9][a-z0-9._-]*)@(.+)$/;
const MAX_SPEC_LENGTH = 1024;

/** The marketplace file of a marketplace folder (Claude Code's layout). */
export const MARKETPLACE_FILE = join(".claude-plugin", "marketplace.json");

/**
 * Reads an install spec against `cwd`: a `.tgz`/`.tar.gz` file is a tarball, an existing
 * directory (or anything that looks like a path) is a folder, `<name>@<dir>` whose dir holds
 * `.claude-plugin/marketplace.json` is a marketplace entry, and anything else must be an npm
 * spec (`name`, `@scope/name`, `name@range`). Throws a message naming the rule otherwise.
 */
export function parseInstallSpec(spec: string, cwd: string): InstallSource {
  const text = spec.trim();
  if (text === "")
    throw new PluginInstallError(
      PLUGIN_INSTALL_ERRORS.spec,
      "spec: name a plugin (npm spec, folder, tarball or name@marketplace-dir)",
    );
  if (text.length > MAX_SPEC_LENGTH)
    throw new PluginInstallError(
      PLUGIN_INSTALL_ERRORS.spec,
      `spec: at most ${MAX_SPEC_LENGTH} characters`,
    );
  const marketplace = MARKETPLACE_REF.exec(text);
  if (marketplace?.[1] && marketplace[2]) {
    const dir = resolve(cwd, expandHome(marketplace[2]));
    if (existsSync(join(dir, MARKETPLACE_FILE)))
      return { kind: "marketplace", name: marketplace[1], marketplaceDir: dir };
  }
  const path = resolve(cwd, expandHome(text));
  if (/\.(?:tgz|tar\.gz)$/.test(text)) {
    if (!isFile(path))
      throw new PluginInstallError(PLUGIN_INSTALL_ERRORS.spec, `spec: no tarball at ${path}`);
    return { kind: "tarball", file: path };
  }
  if (looksLikePath(text) || isDirectory(path)) {
    if (!isDirectory(path))
      throw new PluginInstallError(PLUGIN_INSTALL_ERRORS.spec, `spec: no folder at ${path}`);
    return { kind: "dir", dir: path };
  }
  if (!NPM_SPEC.test(text))
    throw new PluginInstallError(
      PLUGIN_INSTALL_ERRORS.spec,
      `spec: "${text}" is neither an existing folder or tarball nor an npm spec such as acme-notes, @acme/notes or acme-notes@^1.2`,
    );
  return { kind: "npm", spec: text };
}

function looksLikePath(text: string): boolean {
  return isAbsolute(text) || text.startsWith(".") || text.startsWith("~") || text.includes("\\");
}

function expandHome(text: string): string {
  return text.startsWith("~/") ? join(process.env.HOME ?? "~", text.slice(2)) : text;
}

function isFile(path: string): boolean {
  return existsSync(path) && statSync(path).isFile();
}

function isDirectory(path: string): boolean {
  return existsSync(path) && statSync(path).isDirectory();
}
