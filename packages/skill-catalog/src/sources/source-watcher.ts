import { existsSync } from "node:fs";
import { dirname, sep } from "node:path";
import { type FSWatcher, watch } from "chokidar";
import { SKILL_SCAN_MAX_DEPTH } from "./scan-skill-folders.js";

/** The longest a burst of changes delays its reload, however long the burst goes on. */
export const SOURCE_BURST_MAX_MS = 800;

interface SourceWatcherOptions {
  /** Quiet time that ends a burst. */
  readonly burstMs: number;
  /** Called once per burst with the roots it touched; the next burst waits for it to finish. */
  readonly changed: (roots: ReadonlySet<string>) => Promise<void>;
}

/**
 * Watches source roots with chokidar: an existing root down to the scan depth, a missing one
 * through its nearest existing parent (so creating `~/.agents/skills` is seen). Changes are
 * gathered into bursts that end after `burstMs` of quiet (or SOURCE_BURST_MAX_MS after they
 * began); each burst calls `changed` once, never two at a time. A root that appears counts as
 * changed once more when its own watch is set up, so files written meanwhile are not missed.
 */
export class SourceWatcher {
  readonly #options: SourceWatcherOptions;
  readonly #deep: FSWatcher;
  readonly #shallow: FSWatcher;
  /** Watched path → whether it is watched deep (the root itself) or shallow (a parent). */
  readonly #watched = new Map<string, boolean>();
  #roots: readonly string[] = [];
  /** Roots that did not exist when last armed. */
  #missing = new Set<string>();
  #pending = new Set<string>();
  #timer: NodeJS.Timeout | undefined;
  #burstStart = 0;
  #running: Promise<void> | undefined;
  #closed = false;

  constructor(options: SourceWatcherOptions) {
    this.#options = options;
    const common = { ignoreInitial: true, followSymlinks: false, persistent: true } as const;
    this.#deep = watch([], { ...common, depth: SKILL_SCAN_MAX_DEPTH + 1 });
    this.#shallow = watch([], { ...common, depth: 0 });
    for (const watcher of [this.#deep, this.#shallow]) {
      watcher.on("all", (_event, path) => this.#touched(path));
      watcher.on("error", () => undefined);
    }
  }

  /** Makes the watched set match `roots`: new roots are watched, dropped ones no longer. */
  watch(roots: readonly string[]): void {
    if (this.#closed) return;
    this.#roots = [...new Set(roots)];
    const wanted = new Map<string, boolean>();
    const appeared: string[] = [];
    for (const root of this.#roots) {
      if (existsSync(root)) {
        wanted.set(root, true);
        if (this.#missing.delete(root)) appeared.push(root);
      } else {
        this.#missing.add(root);
        const parent = nearestExisting(root);
        if (parent !== undefined && wanted.get(parent) !== true) wanted.set(parent, false);
      }
    }
    for (const [path, deep] of this.#watched) {
      if (wanted.get(path) === deep) continue;
      (deep ? this.#deep : this.#shallow).unwatch(path);
      this.#watched.delete(path);
    }
    for (const [path, deep] of wanted) {
      if (this.#watched.has(path)) continue;
      (deep ? this.#deep : this.#shallow).add(path);
      this.#watched.set(path, deep);
    }
    // A root made while it was watched through its parent may have had files written into it
    // before its own watch was ready: read it once more.
    for (const root of appeared) this.#touched(root);
  }

  /** Stops watching; a burst in progress is dropped. */
  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#timer);
    await Promise.all([this.#deep.close(), this.#shallow.close()]);
    await this.#running;
  }

  #touched(path: string): void {
    if (this.#closed) return;
    let any = false;
    for (const root of this.#roots) {
      if (related(path, root)) {
        this.#pending.add(root);
        any = true;
      }
    }
    if (any) this.#schedule();
  }

  #schedule(): void {
    const now = Date.now();
    if (this.#timer === undefined) this.#burstStart = now;
    clearTimeout(this.#timer);
    const left = Math.max(0, this.#burstStart + SOURCE_BURST_MAX_MS - now);
    this.#timer = setTimeout(() => this.#flush(), Math.min(this.#options.burstMs, left));
  }

  #flush(): void {
    this.#timer = undefined;
    if (this.#running !== undefined) {
      // One burst at a time: what arrived meanwhile waits for the running reload.
      void this.#running.then(() => this.#schedule());
      return;
    }
    const roots = this.#pending;
    this.#pending = new Set();
    this.#running = this.#options.changed(roots).finally(() => {
      this.#running = undefined;
    });
  }
}

/** The path is the root, inside it, or a parent of it (a folder on the way being made). */
function related(path: string, root: string): boolean {
  return path === root || path.startsWith(root + sep) || root.startsWith(path + sep);
}

function nearestExisting(path: string): string | undefined {
  let dir = dirname(path);
  for (;;) {
    if (existsSync(dir)) return dir;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}
