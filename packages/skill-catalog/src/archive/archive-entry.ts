import { ElowenError } from "@elowen/plugin-shared/errors";

/** Bounds of a skill archive, checked entry by entry as it is read. */
export const SKILL_ARCHIVE_MAX_ENTRIES = 1000;
/** The largest file one archive entry may hold (8 MiB). */
export const SKILL_ARCHIVE_MAX_FILE_BYTES = 8 * 1024 * 1024;
/** The most all of an archive's files may hold together, unpacked (32 MiB). */
export const SKILL_ARCHIVE_MAX_TOTAL_BYTES = 32 * 1024 * 1024;
/** The longest path an entry may have, in characters. */
export const SKILL_ARCHIVE_MAX_PATH_CHARS = 1024;
/** How many folders deep an entry may lie. */
export const SKILL_ARCHIVE_MAX_DEPTH = 16;

/** One entry of a skill archive: a folder or a regular file, by its `/`-separated relative path. */
export interface SkillArchiveEntry {
  readonly path: string;
  readonly kind: "file" | "dir";
  /** Whether the file is executable (a script); folders are always 0755 when written. */
  readonly executable: boolean;
  readonly data: Uint8Array;
}

/**
 * Why an archive was refused: the entry (when one is to blame) and the rule it breaks. An
 * `ElowenError` with the one code `skill_archive.invalid`.
 */
export class SkillArchiveError extends ElowenError<"skill_archive.invalid"> {
  override readonly name = "SkillArchiveError";
  readonly entry: string | undefined;

  constructor(message: string, entry?: string) {
    super({
      code: "skill_archive.invalid",
      summary: entry === undefined ? message : `entry ${JSON.stringify(entry)}: ${message}`,
    });
    this.entry = entry;
  }
}

/**
 * Checks and normalizes an entry's path: relative, `/`-separated, without `.`, `..` or empty
 * segments, NUL or backslash, within the length and depth bounds. Throws SkillArchiveError.
 */
export function entryPath(raw: string): string {
  if (raw.includes("\0") || raw.includes("\\"))
    throw new SkillArchiveError("a path may hold no NUL and no backslash", raw);
  if (raw.startsWith("/")) throw new SkillArchiveError("an absolute path is not allowed", raw);
  const segments = raw.split("/").filter((segment) => segment !== "" && segment !== ".");
  if (segments.includes(".."))
    throw new SkillArchiveError("a path may not leave the skill's folder (..)", raw);
  const path = segments.join("/");
  if (path === "") throw new SkillArchiveError("the path is empty", raw);
  if (path.length > SKILL_ARCHIVE_MAX_PATH_CHARS)
    throw new SkillArchiveError(
      `a path may be at most ${SKILL_ARCHIVE_MAX_PATH_CHARS} characters`,
      raw,
    );
  if (segments.length > SKILL_ARCHIVE_MAX_DEPTH)
    throw new SkillArchiveError(
      `a path may be at most ${SKILL_ARCHIVE_MAX_DEPTH} folders deep`,
      raw,
    );
  return path;
}

/** Counts entries and bytes as they are read, refusing the one that goes past a bound. */
export class ArchiveBudget {
  #entries = 0;
  #bytes = 0;

  /** Accounts one entry of `size` bytes. */
  take(path: string, size: number): void {
    if (++this.#entries > SKILL_ARCHIVE_MAX_ENTRIES)
      throw new SkillArchiveError(
        `an archive may hold at most ${SKILL_ARCHIVE_MAX_ENTRIES} entries`,
        path,
      );
    if (size > SKILL_ARCHIVE_MAX_FILE_BYTES)
      throw new SkillArchiveError(
        `a file may hold at most ${SKILL_ARCHIVE_MAX_FILE_BYTES} bytes (it holds ${size})`,
        path,
      );
    this.#bytes += size;
    if (this.#bytes > SKILL_ARCHIVE_MAX_TOTAL_BYTES)
      throw new SkillArchiveError(
        `an archive's files may hold at most ${SKILL_ARCHIVE_MAX_TOTAL_BYTES} bytes together`,
        path,
      );
  }
}
