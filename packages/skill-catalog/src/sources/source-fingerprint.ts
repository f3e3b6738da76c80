import { createHash } from "node:crypto";
import { type Dirent, readdirSync, readFileSync, readlinkSync, statSync } from "node:fs";
import { join } from "node:path";

/** How many files and folders a fingerprint reads before it stops (and says so in the hash). */
export const SOURCE_FINGERPRINT_MAX_ENTRIES = 10_000;
/** Files larger than this are fingerprinted by size and modification time, not contents. */
export const SOURCE_FINGERPRINT_MAX_FILE_BYTES = 8 * 1024 * 1024;

/**
 * A digest of everything under `root` an approval covers: every file's relative path and
 * contents, every link's target, every folder's name, in name order, without following links.
 * Any added, removed, renamed or edited file changes it, so an approval of one state of a
 * workspace folder does not carry over to another. A missing root's fingerprint is `absent`.
 */
export function sourceFingerprint(root: string): string {
  try {
    if (!statSync(root).isDirectory()) return "absent";
  } catch {
    return "absent";
  }
  const hash = createHash("sha256");
  let entries = 0;
  const walk = (dir: string, rel: string): void => {
    for (const entry of listSorted(dir)) {
      if (++entries > SOURCE_FINGERPRINT_MAX_ENTRIES) throw new Cut();
      const path = join(dir, entry.name);
      const name = rel === "" ? entry.name : `${rel}/${entry.name}`;
      if (entry.isSymbolicLink()) hash.update(`link\0${name}\0${readlinkSync(path)}\0`);
      else if (entry.isDirectory()) {
        hash.update(`dir\0${name}\0`);
        walk(path, name);
      } else if (entry.isFile()) hash.update(`file\0${name}\0${fileDigest(path)}\0`);
      else hash.update(`other\0${name}\0`);
    }
  };
  try {
    walk(root, "");
  } catch (error) {
    if (!(error instanceof Cut)) throw error;
    hash.update("cut\0");
  }
  return hash.digest("hex");
}

class Cut extends Error {}

function listSorted(dir: string): Dirent[] {
  try {
    return readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
    );
  } catch {
    return [];
  }
}

function fileDigest(path: string): string {
  try {
    const stat = statSync(path);
    if (stat.size > SOURCE_FINGERPRINT_MAX_FILE_BYTES) return `${stat.size}:${stat.mtimeMs}`;
    return createHash("sha256").update(readFileSync(path)).digest("hex");
  } catch {
    return "unreadable";
  }
}
