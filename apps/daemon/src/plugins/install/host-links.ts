import { existsSync, lstatSync, mkdirSync, readlinkSync, rmSync, symlinkSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { PLUGIN_API_PACKAGE } from "../loading/peer-range.js";

/**
 * Links `<home>/plugins/node_modules/@elowen/plugin-api` to the host's own copy, so that an
 * installed plugin importing it gets the contract the host runs (its peer), never a second one.
 */
export function linkHostPackages(home: string): void {
  const require = createRequire(import.meta.url);
  const target = dirname(require.resolve(`${PLUGIN_API_PACKAGE}/package.json`));
  const link = join(home, "plugins", "node_modules", ...PLUGIN_API_PACKAGE.split("/"));
  if (existsSync(link) || isLink(link)) {
    if (isLink(link) && readlinkSync(link) === target) return;
    rmSync(link, { recursive: true, force: true });
  }
  mkdirSync(dirname(link), { recursive: true });
  symlinkSync(target, link, "junction");
}

function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}
