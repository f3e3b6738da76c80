import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, relative, sep } from "node:path";
import { type FSWatcher, watch } from "chokidar";

/** When the config files are watched, and how to stop. */
export interface ConfigWatch {
  /** Settles once the initial scan is done: an edit from then on is seen. */
  readonly ready: Promise<void>;
  /** Stops watching; a burst in progress is dropped. */
  close(): Promise<void>;
}

/** How a burst of events becomes one reload. */
export interface ConfigWatchTiming {
  /** Quiet time that ends a burst. */
  readonly quietMs: number;
  /** The longest a burst delays its reload, however long it goes on. */
  readonly maxMs: number;
  /** How often the files' names, sizes and times are compared too (none: only the watcher). */
  readonly recheckMs?: number;
}

/**
 * Calls `changed` once per burst of creations, edits and removals of the `files` or of the `*.json`
 * files directly inside the `dirs` (a burst ends after `quietMs` of quiet, or `maxMs` after it
 * began). Watched with chokidar from each target's nearest existing folder above it, so a file or
 * folder that does not exist yet (nor its parents) is seen when it appears, and an atomic rename
 * over a file counts as its edit. Everything else in those folders is ignored (never stat'ed or
 * watched on its own).
 */
export function watchConfigFiles(
  files: readonly string[],
  dirs: readonly string[],
  timing: ConfigWatchTiming,
  changed: () => void,
): ConfigWatch {
  const fileSet = new Set(files);
  const dirSet = new Set(dirs);
  const targets = [...files, ...dirs];
  const roots = [...new Set(targets.map((path) => nearestExisting(dirname(path))))];
  const wanted = (path: string): boolean =>
    fileSet.has(path) || dirSet.has(path) || (path.endsWith(".json") && dirSet.has(dirname(path)));
  // Deep enough to reach a json file inside the deepest target folder from its root.
  const depth = Math.max(
    0,
    ...targets.map((path) => {
      const root = roots.find((r) => isInside(r, path)) ?? dirname(path);
      return relative(root, path).split(sep).length - (dirSet.has(path) ? 0 : 1);
    }),
  );
  let timer: NodeJS.Timeout | undefined;
  let burstStart = 0;
  let closed = false;
  const fire = () => {
    timer = undefined;
    seen = fingerprint(files, dirs);
    if (!closed) changed();
  };
  const touched = (path: string) => {
    if (closed || !wanted(path)) return;
    const now = Date.now();
    if (timer === undefined) burstStart = now;
    clearTimeout(timer);
    timer = setTimeout(
      fire,
      Math.min(timing.quietMs, Math.max(0, burstStart + timing.maxMs - now)),
    );
    timer.unref();
  };
  const watcher: FSWatcher = watch(roots, {
    ignoreInitial: true,
    followSymlinks: false,
    depth,
    ignored: (path: string) =>
      !wanted(path) &&
      !roots.includes(path) &&
      !targets.some((target) => isInside(path, target)) &&
      !roots.some((root) => isInside(path, root)),
  });
  watcher.on("all", (_event, path) => touched(path));
  watcher.on("error", () => undefined);
  // A change the watcher missed still applies: the files are compared every `recheckMs`.
  let seen = fingerprint(files, dirs);
  const recheck =
    timing.recheckMs === undefined
      ? undefined
      : setInterval(() => {
          const now = fingerprint(files, dirs);
          if (now === seen) return;
          seen = now;
          if (timer === undefined && !closed) changed();
        }, timing.recheckMs);
  recheck?.unref();
  const ready = new Promise<void>((resolve) => watcher.once("ready", () => resolve()));
  return {
    ready,
    close: async () => {
      closed = true;
      clearTimeout(timer);
      clearInterval(recheck);
      await watcher.close();
    },
  };
}

/** `path` is inside `folder` (at any depth). */
function isInside(folder: string, path: string): boolean {
  return path.startsWith(folder === sep ? sep : folder + sep);
}

function nearestExisting(dir: string): string {
  for (;;) {
    if (existsSync(dir)) return dir;
    const parent = dirname(dir);
    if (parent === dir) return dir;
    dir = parent;
  }
}

/** The names, sizes and modification times of the files and of the `*.json` files in the dirs. */
function fingerprint(files: readonly string[], dirs: readonly string[]): string {
  const parts: string[] = [];
  const add = (path: string) => {
    try {
      const stat = statSync(path);
      parts.push(`${path}:${stat.size}:${stat.mtimeMs}`);
    } catch {
      // Absent: nothing to add.
    }
  };
  for (const file of files) add(file);
  for (const dir of dirs) {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      continue;
    }
    for (const name of names.sort()) if (name.endsWith(".json")) add(`${dir}${sep}${name}`);
  }
  return parts.join("\n");
}
