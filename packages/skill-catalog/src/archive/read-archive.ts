import { gunzipSync } from "node:zlib";
import {
  SKILL_ARCHIVE_MAX_TOTAL_BYTES,
  type SkillArchiveEntry,
  SkillArchiveError,
} from "./archive-entry.js";
import { readTar } from "./tar.js";
import { readZip } from "./zip.js";

/** A skill's files as an archive gave them: paths relative to the skill's own folder. */
export interface SkillArchive {
  /** The folder the archive wrapped the skill in (`pdf/` in `pdf/SKILL.md`), if any. */
  readonly folder: string | undefined;
  /** Every entry, `SKILL.md` among them at the top, in archive order. */
  readonly entries: readonly SkillArchiveEntry[];
}

/**
 * Reads a skill archive: a zip, a tar, or a gzip-compressed tar (told apart by their first bytes),
 * checked entry by entry for paths, links, sizes and counts (see the archive bounds). The skill
 * is the archive's top level, or the one folder everything is in; it must hold `SKILL.md`.
 * Throws SkillArchiveError naming the entry and the rule.
 */
export function readSkillArchive(bytes: Uint8Array): SkillArchive {
  const entries = unpack(plain(bytes));
  const seen = new Set<string>();
  for (const entry of entries) {
    if (seen.has(entry.path)) throw new SkillArchiveError("appears twice", entry.path);
    seen.add(entry.path);
  }
  if (seen.has("SKILL.md")) return { folder: undefined, entries };
  const tops = new Set(entries.map((entry) => entry.path.split("/")[0]));
  const [folder] = tops;
  if (tops.size !== 1 || folder === undefined || !seen.has(`${folder}/SKILL.md`)) {
    throw new SkillArchiveError("the archive holds no SKILL.md at its top or in its one folder");
  }
  const inner = entries
    .filter((entry) => entry.path !== folder)
    .map((entry) => ({ ...entry, path: entry.path.slice(folder.length + 1) }));
  return { folder, entries: inner };
}

function unpack(bytes: Uint8Array): SkillArchiveEntry[] {
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 0x03 || bytes[2] === 0x05))
    return readZip(bytes);
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    let tar: Uint8Array;
    try {
      tar = gunzipSync(bytes, { maxOutputLength: SKILL_ARCHIVE_MAX_TOTAL_BYTES * 2 });
    } catch {
      throw new SkillArchiveError(
        `the gzip does not unpack to at most ${SKILL_ARCHIVE_MAX_TOTAL_BYTES * 2} bytes of tar`,
      );
    }
    return readTar(plain(tar));
  }
  if (bytes.length >= 512) return readTar(bytes);
  throw new SkillArchiveError("the upload is not a zip, a tar or a gzip-compressed tar");
}

/** The same bytes as a plain Uint8Array (a Buffer's slices would be Buffers). */
function plain(bytes: Uint8Array): Uint8Array {
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
