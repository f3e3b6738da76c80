import { existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { type Lockfile, writeLockfile } from "./lockfile.js";

/** The folder a plugin is installed in, relative to `<home>/plugins`. */
export function installDir(name: string): string {
  return join("node_modules", ...name.split("/"));
}

/**
 * Moves a staged package into `<home>/plugins/<dir>` and writes the lockfile; if either step
 * fails, the previous folder and lockfile are put back exactly as they were before throwing.
 * `staged` undefined removes the folder instead (uninstall).
 */
export async function commitPackage(
  home: string,
  staging: string,
  dir: string,
  staged: string | undefined,
  lockfile: Lockfile,
): Promise<void> {
  const target = join(home, "plugins", dir);
  const previous = join(staging, "previous");
  const hadPrevious = existsSync(target);
  if (hadPrevious) renameSync(target, previous);
  try {
    if (staged !== undefined) {
      mkdirSync(dirname(target), { recursive: true });
      renameSync(staged, target);
    }
    await writeLockfile(home, lockfile);
  } catch (error) {
    if (staged !== undefined && existsSync(target))
      rmSync(target, { recursive: true, force: true });
    if (hadPrevious) renameSync(previous, target);
    throw error;
  }
}
