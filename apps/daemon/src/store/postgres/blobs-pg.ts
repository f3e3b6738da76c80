import { createHash } from "node:crypto";
import type pg from "pg";
import type { BlobStorage } from "../blob-storage.js";
import { BLOB_HASH_PATTERN, type SweepResult } from "../blob-store.js";

/**
 * Blobs in the PostgreSQL database (`blobs` table, bytea): an image stored through one instance
 * is served by every other, with no shared directory to mount. Content-addressed like the file
 * store: the same bytes are stored once.
 */
export class PgBlobStorage implements BlobStorage {
  readonly #pool: pg.Pool;
  readonly #now: () => number;

  constructor(pool: pg.Pool, now: () => number) {
    this.#pool = pool;
    this.#now = now;
  }

  async put(bytes: Uint8Array): Promise<{ readonly hash: string; readonly bytes: number }> {
    const hash = createHash("sha256").update(bytes).digest("hex");
    await this.#pool.query(
      "INSERT INTO blobs (hash, bytes, created_at) VALUES ($1, $2, $3) ON CONFLICT (hash) DO NOTHING",
      [hash, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), this.#now()],
    );
    return { hash, bytes: bytes.byteLength };
  }

  async has(hash: string): Promise<boolean> {
    if (!BLOB_HASH_PATTERN.test(hash)) return false;
    const { rowCount } = await this.#pool.query("SELECT 1 FROM blobs WHERE hash = $1", [hash]);
    return (rowCount ?? 0) > 0;
  }

  async read(hash: string): Promise<Buffer | undefined> {
    if (!BLOB_HASH_PATTERN.test(hash)) return undefined;
    const { rows } = await this.#pool.query<{ bytes: Buffer }>(
      "SELECT bytes FROM blobs WHERE hash = $1",
      [hash],
    );
    return rows[0]?.bytes;
  }

  /** Removes blobs past the grace that `isOwned` denies, one candidate at a time. */
  async sweep(
    isOwned: (hash: string) => Promise<boolean>,
    options: { readonly graceMs: number; readonly now?: number },
  ): Promise<SweepResult> {
    const cutoff = (options.now ?? this.#now()) - options.graceMs;
    const { rows } = await this.#pool.query<{ hash: string; old: boolean }>(
      "SELECT hash, created_at < $1 AS old FROM blobs ORDER BY hash",
      [cutoff],
    );
    let removed = 0;
    let kept = 0;
    for (const { hash, old } of rows) {
      if (!old || (await isOwned(hash))) {
        kept += 1;
        continue;
      }
      // Deleted only while still old and unowned: an owner committing meanwhile keeps it.
      const { rowCount } = await this.#pool.query(
        "DELETE FROM blobs b WHERE b.hash = $1 AND b.created_at < $2 AND NOT EXISTS (SELECT 1 FROM attachments a WHERE a.hash = b.hash)",
        [hash, cutoff],
      );
      if ((rowCount ?? 0) > 0) removed += 1;
      else kept += 1;
    }
    return { removed, kept };
  }
}
