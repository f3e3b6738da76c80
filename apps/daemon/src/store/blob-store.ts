import { createHash, randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { open, readdir, readFile, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { StoreError } from "./store-error.js";

/** A blob's name: the lowercase hex SHA-256 of its bytes. */
export const BLOB_HASH_PATTERN = /^[0-9a-f]{64}$/;

/** What a sweep did. */
export interface SweepResult {
  readonly removed: number;
  readonly kept: number;
}

/**
 * Content-addressed storage for images and shared files, in a directory beside the database.
 * A blob is named by its SHA-256 and written atomically (temporary file, fsync, rename), so a
 * reader never sees a partial blob and writing the same bytes twice stores them once.
 */
export class BlobStore {
  readonly dir: string;
  readonly #tmp: string;

  constructor(dir: string) {
    this.dir = dir;
    this.#tmp = join(dir, "tmp");
    mkdirSync(this.#tmp, { recursive: true, mode: 0o700 });
  }

  /** Stores bytes; answers their hash and size. */
  async put(bytes: Uint8Array): Promise<{ readonly hash: string; readonly bytes: number }> {
    const hash = createHash("sha256").update(bytes).digest("hex");
    const target = this.path(hash);
    if (!(await exists(target))) {
      const tmp = join(this.#tmp, `${hash}.${randomBytes(6).toString("hex")}`);
      const handle = await open(tmp, "wx", 0o600);
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
      mkdirSync(join(this.dir, hash.slice(0, 2)), { recursive: true, mode: 0o700 });
      await rename(tmp, target);
    }
    return { hash, bytes: bytes.byteLength };
  }

  /** The file of a blob. Throws on anything but a lowercase hex SHA-256 (no path can escape). */
  path(hash: string): string {
    if (!BLOB_HASH_PATTERN.test(hash)) {
      throw new StoreError(
        "invalid",
        `a blob hash is 64 lowercase hex characters, got "${hash.slice(0, 80)}"`,
      );
    }
    return join(this.dir, hash.slice(0, 2), hash);
  }

  /** True when the blob is stored. */
  has(hash: string): Promise<boolean> {
    return BLOB_HASH_PATTERN.test(hash) ? exists(this.path(hash)) : Promise.resolve(false);
  }

  /** The blob's bytes, or undefined when it is not stored. */
  async read(hash: string): Promise<Buffer | undefined> {
    if (!BLOB_HASH_PATTERN.test(hash)) return undefined;
    try {
      return await readFile(this.path(hash));
    } catch {
      return undefined;
    }
  }

  /**
   * Removes blobs no session owns. A blob younger than `graceMs` is kept: its owner may be
   * committing right now. Leftover temporary files older than the grace are removed too.
   */
  async sweep(
    isOwned: (hash: string) => Promise<boolean>,
    options: { readonly graceMs: number; readonly now?: number },
  ): Promise<SweepResult> {
    const cutoff = (options.now ?? Date.now()) - options.graceMs;
    let removed = 0;
    let kept = 0;
    for (const shard of await readdir(this.dir)) {
      const shardDir = join(this.dir, shard);
      if (shard === "tmp") {
        for (const name of await readdir(shardDir)) {
          const file = join(shardDir, name);
          if ((await stat(file)).mtimeMs < cutoff) await rm(file, { force: true });
        }
        continue;
      }
      if (!/^[0-9a-f]{2}$/.test(shard)) continue;
      for (const name of await readdir(shardDir)) {
        if (!BLOB_HASH_PATTERN.test(name)) continue;
        const file = join(shardDir, name);
        if ((await stat(file)).mtimeMs >= cutoff || (await isOwned(name))) {
          kept += 1;
          continue;
        }
        await rm(file, { force: true });
        removed += 1;
      }
    }
    return { removed, kept };
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}
