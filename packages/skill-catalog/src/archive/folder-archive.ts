import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readdirSync,
  readSync,
} from "node:fs";
import { join } from "node:path";
import { ArchiveBudget, type SkillArchiveEntry, SkillArchiveError } from "./archive-entry.js";
import { writeTar } from "./tar.js";

/**
 * Packs a skill's folder as a deterministic tar archive wrapped in the folder `name`: every
 * folder and regular file in name order, read without following links; a link or any other
 * kind of entry, or a folder past the archive bounds, refuses the export (SkillArchiveError).
 * The same folder always gives the same bytes, so an imported archive exports as it came.
 */
export function archiveSkillFolder(dir: string, name: string): Uint8Array {
  const budget = new ArchiveBudget();
  const entries: SkillArchiveEntry[] = [
    { path: name, kind: "dir", executable: false, data: new Uint8Array() },
  ];
  const walk = (at: string, rel: string): void => {
    const names = readdirSync(at).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    for (const child of names) {
      const path = join(at, child);
      const entryPath = `${rel}/${child}`;
      const stats = lstatSync(path);
      if (stats.isDirectory()) {
        budget.take(entryPath, 0);
        entries.push({ path: entryPath, kind: "dir", executable: false, data: new Uint8Array() });
        walk(path, entryPath);
      } else if (stats.isFile()) {
        // Counted before it is read: a huge file is refused without being held in memory.
        budget.take(entryPath, stats.size);
        const data = readRegular(path, entryPath);
        entries.push({
          path: entryPath,
          kind: "file",
          executable: (stats.mode & 0o111) !== 0,
          data,
        });
      } else {
        throw new SkillArchiveError(
          "is not a regular file or folder (a link?); the skill cannot be exported with it",
          entryPath,
        );
      }
    }
  };
  walk(dir, name);
  return writeTar(entries);
}

function readRegular(path: string, entryPath: string): Uint8Array {
  const fd = openSync(
    path,
    constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0),
  );
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile())
      throw new SkillArchiveError("changed into something other than a file", entryPath);
    const data = Buffer.alloc(stats.size);
    let read = 0;
    while (read < stats.size) {
      const got = readSync(fd, data, read, stats.size - read, read);
      if (got === 0) break;
      read += got;
    }
    return data.subarray(0, read);
  } finally {
    closeSync(fd);
  }
}
