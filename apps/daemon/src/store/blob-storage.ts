import type { SweepResult } from "./blob-store.js";

/**
 * Content-addressed storage of images and shared files, as the store offers it: a directory beside
 * the SQLite database ({@link BlobStore}), or a table of the PostgreSQL database that every
 * instance reads. A blob is named by the lowercase hex SHA-256 of its bytes; storing the same
 * bytes twice stores them once; a name that is not such a hash is never stored nor resolved.
 */
export interface BlobStorage {
  /** Stores bytes; answers their hash and size. */
  put(bytes: Uint8Array): Promise<{ readonly hash: string; readonly bytes: number }>;
  /** True when the blob is stored. */
  has(hash: string): Promise<boolean>;
  /** The blob's bytes, or undefined when it is not stored. */
  read(hash: string): Promise<Buffer | undefined>;
  /** Removes blobs `isOwned` denies that are older than `graceMs`. */
  sweep(
    isOwned: (hash: string) => Promise<boolean>,
    options: { readonly graceMs: number; readonly now?: number },
  ): Promise<SweepResult>;
}
