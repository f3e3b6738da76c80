import type { Dirent } from "node:fs";
import { readdir, unlink } from "node:fs/promises";
import { join } from "node:path";
import { parseAtomicTempName } from "@elowen/plugin-shared/atomicText";
import { errorMessage } from "@elowen/plugin-shared/errors";

/** How deep below a swept directory the sweep looks (skill folders sit about five levels down). */
export const STALE_TEMP_MAX_DEPTH = 8;

/** What a start-up sweep removed and what it could not. */
export interface StaleTempSweep {
  readonly removed: readonly string[];
  readonly failed: readonly { readonly path: string; readonly error: string }[];
}

/**
 * Removes the atomic writers' temporaries (named per `ATOMIC_TEMP_PATTERN`) that a killed writer
 * left behind: in `home` itself (daemon.json, the owner token) and below `home/plugins-data`
 * (every plugin's files), to {@link STALE_TEMP_MAX_DEPTH} levels, never following a symbolic
 * link. Run at start-up once the store's lock is held, so no other daemon writes here; a
 * temporary written by this very process is kept. Other files are never touched. Never throws.
 * `pluginData` is the plugins' data root when it is not `home/plugins-data`; null when other
 * instances share it (they may be writing there now), and then it is not swept.
 */
export async function sweepStaleTemporaries(
  home: string,
  pid: number = process.pid,
  pluginData: string | null = join(home, "plugins-data"),
): Promise<StaleTempSweep> {
  const sweep = { removed: [] as string[], failed: [] as { path: string; error: string }[] };
  await sweepDirectory(home, 0, pid, sweep, false);
  if (pluginData !== null) await sweepDirectory(pluginData, 0, pid, sweep, true);
  return sweep;
}

async function sweepDirectory(
  dir: string,
  depth: number,
  pid: number,
  sweep: { removed: string[]; failed: { path: string; error: string }[] },
  descend: boolean,
): Promise<void> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (descend && depth < STALE_TEMP_MAX_DEPTH)
        await sweepDirectory(path, depth + 1, pid, sweep, true);
      continue;
    }
    if (!entry.isFile()) continue;
    const temp = parseAtomicTempName(entry.name);
    if (temp === undefined || temp.pid === pid) continue;
    try {
      await unlink(path);
      sweep.removed.push(path);
    } catch (error) {
      sweep.failed.push({ path, error: errorMessage(error) });
    }
  }
}
