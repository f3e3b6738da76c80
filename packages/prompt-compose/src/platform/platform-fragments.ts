import { readdir, readFile, realpath } from "node:fs/promises";
import { join, sep } from "node:path";
import {
  PLATFORM_PROMPT_MAX_FILE_CHARS,
  PLATFORM_PROMPT_MAX_FILES,
  PLATFORM_PROMPT_MAX_TOTAL_CHARS,
} from "@elowen/plugin-api/limits";
import { errorMessage } from "@elowen/plugin-shared/errors";
import type { ComposeProblem } from "../problems.js";
import { SECTION_SEPARATOR } from "../sections/system-prompt.js";

/** Where to read one plugin's platform fragments, and which platforms they may apply to. */
export interface PlatformFragmentsRequest {
  readonly plugin: string;
  /** The plugin's package root: fragments are the `*.md` files of `<root>/prompt/`. */
  readonly root: string;
  /** The platforms the manifest declares (`provides.platforms`). */
  readonly declaredPlatforms: readonly string[];
  /** The platforms the plugin registered with the host. */
  readonly registeredPlatforms: readonly string[];
}

/** One fragment file that was read, and how much of it was kept. */
export interface PlatformFragmentFile {
  /** The file's name within `prompt/`. */
  readonly file: string;
  readonly chars: number;
  readonly keptChars: number;
}

/** One plugin's platform fragments, read once when the plugin is loaded. */
export interface PlatformFragments {
  readonly plugin: string;
  /** The platforms the fragments apply to: declared and registered both, in declared order. */
  readonly platforms: readonly string[];
  /** The kept text of the files, in file-name order, joined by a blank line ("" when none). */
  readonly text: string;
  readonly files: readonly PlatformFragmentFile[];
  /** What was left out, naming each file, and files that could not be read. */
  readonly problems: readonly ComposeProblem[];
}

/**
 * Reads a plugin's platform prompt fragments (`PLATFORM_PROMPT_MAX_FILES`): the `*.md`
 * files of `<root>/prompt/` in file-name order (compare by UTF-16 code unit: number them
 * `01-...md`), applied only to the platforms the plugin both declares and registers (with none,
 * nothing is read). It reads at most `PLATFORM_PROMPT_MAX_FILES` (16) files,
 * `PLATFORM_PROMPT_MAX_FILE_CHARS` (8,000) characters per file and
 * `PLATFORM_PROMPT_MAX_TOTAL_CHARS` (32,000) in total (UTF-16 code units, never splitting a
 * surrogate pair; separators do not count). Past a limit it keeps what fits and reports what it
 * left out by file name: files after the 16th (`platform-file-limit`), the end of a longer file
 * (`platform-file-chars`), and what passes the total (`platform-total-chars`), whole files once
 * the total is reached. A file that cannot be read, or whose real path leaves `prompt/`, is
 * reported (`platform-file-unreadable`). A missing `prompt/` directory means no fragments.
 * Never throws.
 */
export async function loadPlatformFragments(
  request: PlatformFragmentsRequest,
): Promise<PlatformFragments> {
  const { plugin } = request;
  const platforms = request.declaredPlatforms.filter((p) =>
    request.registeredPlatforms.includes(p),
  );
  const problems: ComposeProblem[] = [];
  const files: PlatformFragmentFile[] = [];
  const texts: string[] = [];
  const result = () => ({
    plugin,
    platforms,
    text: texts.join(SECTION_SEPARATOR),
    files,
    problems,
  });
  if (platforms.length === 0) return result();
  const dir = join(request.root, "prompt");
  const listed = await listMarkdown(dir);
  if (listed === undefined) return result();
  const report = (code: ComposeProblem["code"], file: string, message: string, cause?: unknown) =>
    problems.push({
      code,
      plugin,
      file,
      message: `prompt/${file}: ${message}`,
      ...(cause === undefined ? {} : { cause }),
    });
  let total = 0;
  for (const [index, file] of listed.names.entries()) {
    if (index >= PLATFORM_PROMPT_MAX_FILES) {
      report(
        "platform-file-limit",
        file,
        `left out: at most ${PLATFORM_PROMPT_MAX_FILES} fragment files are read`,
      );
      continue;
    }
    if (total >= PLATFORM_PROMPT_MAX_TOTAL_CHARS) {
      report(
        "platform-total-chars",
        file,
        `left out: the ${PLATFORM_PROMPT_MAX_TOTAL_CHARS} characters of all fragments are used`,
      );
      continue;
    }
    const read = await readInside(listed.realDir, join(dir, file));
    if (typeof read !== "string") {
      report("platform-file-unreadable", file, `not read: ${read.message}`, read.cause);
      continue;
    }
    let kept = cutChars(read, PLATFORM_PROMPT_MAX_FILE_CHARS);
    if (kept.length < read.length) {
      report(
        "platform-file-chars",
        file,
        `${read.length} characters; the first ${kept.length} are kept (at most ${PLATFORM_PROMPT_MAX_FILE_CHARS} per file)`,
      );
    }
    const room = PLATFORM_PROMPT_MAX_TOTAL_CHARS - total;
    if (kept.length > room) {
      kept = cutChars(kept, room);
      report(
        "platform-total-chars",
        file,
        `the first ${kept.length} characters are kept: all fragments together hold at most ${PLATFORM_PROMPT_MAX_TOTAL_CHARS}`,
      );
    }
    total += kept.length;
    files.push({ file, chars: read.length, keptChars: kept.length });
    if (kept !== "") texts.push(kept);
  }
  return result();
}

async function listMarkdown(
  dir: string,
): Promise<{ realDir: string; names: string[] } | undefined> {
  try {
    const realDir = await realpath(dir);
    const entries = await readdir(realDir, { withFileTypes: true });
    const names = entries
      .filter((e) => e.name.endsWith(".md") && (e.isFile() || e.isSymbolicLink()))
      .map((e) => e.name)
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return { realDir, names };
  } catch {
    return undefined;
  }
}

async function readInside(
  realDir: string,
  path: string,
): Promise<string | { message: string; cause?: unknown }> {
  try {
    const real = await realpath(path);
    if (!real.startsWith(realDir + sep)) return { message: "its real path is outside prompt/" };
    const text = await readFile(real, "utf8");
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  } catch (cause) {
    return { message: errorMessage(cause), cause };
  }
}

/** The first `max` UTF-16 units of `text`, one fewer when the cut would split a surrogate pair. */
export function cutChars(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= 0) return "";
  const last = text.charCodeAt(max - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max);
}
