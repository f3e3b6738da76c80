import { createHash } from "node:crypto";
import { constants, readlinkSync, realpathSync } from "node:fs";
import { lstat, open } from "node:fs/promises";
import { join, relative } from "node:path";
import { SKILL_NAME_MAX_CHARS, SKILL_NAME_PATTERN } from "@elowen/plugin-api/limits";
import {
  classifyErrno,
  ElowenError,
  InstanceCondition,
  isErrnoFailure,
} from "@elowen/plugin-shared/errors";
import { SKILLS_FILE_READ_FAILED } from "./error-codes.js";
import { readSkillSource, type SkillSource } from "./frontmatter.js";
import { SKILL_SOURCE_MAX_BYTES } from "./limits.js";
import type { SkillOwner } from "./owners.js";
import { refuse, type SkillRefusal } from "./refusal.js";

/** Where this plugin keeps its files under its data directory. */
export interface SkillLayout {
  /** The plugin's data directory: every owner folder lies below it with no link on the way. */
  readonly root: string;
  /** `<dataDir>/personal/<userId>/<name>/SKILL.md`: one folder per account. */
  readonly personalRoot: string;
  /** `<dataDir>/instance/<name>/SKILL.md`. */
  readonly instanceRoot: string;
  /** Directories being removed are renamed here first, so no reader sees half of one. */
  readonly trashDir: string;
  /** The skills shipped in the package, read-only. */
  readonly bundledDir: string | undefined;
}

/** The layout under a plugin's `dataDir`. */
export function skillLayout(dataDir: string, bundledDir?: string): SkillLayout {
  return {
    root: dataDir,
    personalRoot: join(dataDir, "personal"),
    instanceRoot: join(dataDir, "instance"),
    trashDir: join(dataDir, ".trash"),
    bundledDir,
  };
}

/** The canonical folder of an owner: the only place its skills may live. */
export function ownerDir(layout: SkillLayout, owner: SkillOwner): string {
  return owner.kind === "instance"
    ? layout.instanceRoot
    : join(layout.personalRoot, String(owner.userId));
}

/** True for a skill name that is also a safe directory name (Agent Skills rule, at most 64 characters). */
export function isSkillName(name: unknown): name is string {
  return (
    typeof name === "string" && name.length <= SKILL_NAME_MAX_CHARS && SKILL_NAME_PATTERN.test(name)
  );
}

/** Checks a skill name, naming the field and the rule on failure. */
export function checkSkillName(name: unknown, field = "name"): string | SkillRefusal {
  if (isSkillName(name)) return name;
  const shown = typeof name === "string" ? JSON.stringify(name.slice(0, 80)) : `a ${typeof name}`;
  return refuse(
    "invalid-input",
    `${field} must be 1 to ${SKILL_NAME_MAX_CHARS} lowercase letters, digits and single dashes, not starting or ending with a dash; received ${shown}`,
  );
}

/**
 * A skill's content version: the first 48 bits of the SHA-256 of its exact `SKILL.md` bytes, as a
 * non-negative safe integer. Any change of the bytes, by this plugin or by hand, changes it, so
 * an `expectedRevision` equal to it proves the writer saw the file as it is.
 */
export function contentRevision(bytes: Uint8Array): number {
  return Number.parseInt(createHash("sha256").update(bytes).digest("hex").slice(0, 12), 16);
}

/** A `SKILL.md` read from its canonical directory. */
export interface SkillFile {
  readonly ok: true;
  readonly dir: string;
  readonly path: string;
  readonly revision: number;
  readonly source: SkillSource;
}

/**
 * Reads `<dir>/SKILL.md`, refusing what is not inside its canonical folder: a folder or skill
 * directory that is a symbolic link, or a `SKILL.md` that is one, is `redirected`; so is a file
 * that, once opened, is not at `<real root>/<folder>/<name>/SKILL.md` (a parent such as
 * `personal/` that is a link, or a folder swapped for a link between the checks and the open:
 * the open descriptor's own path is compared, so what is read is what was checked); a missing
 * one is `not-found`. Other local errno refusals stay local (`fs-refusal`). Anything else is thrown as
 * `skills.file_read_failed`: an errno failure of a personal or instance file (`instanceFile`, the
 * default) with an `unreadable` instance condition as its cause, the operator's to fix; a
 * programming error, or any failure of a bundled file, as a software report.
 */
export async function readSkillFile(
  folder: string,
  name: string,
  instanceFile = true,
  root: string = folder,
): Promise<SkillFile | SkillRefusal> {
  const dir = join(folder, name);
  const path = join(dir, "SKILL.md");
  try {
    for (const [where, what] of [
      [folder, "the skills folder"],
      [dir, `skill "${name}"`],
    ] as const) {
      const stats = await lstat(where);
      if (stats.isSymbolicLink())
        return refuse("redirected", `${what} is a link out of its canonical folder`);
      if (!stats.isDirectory()) return refuse("not-found", `there is no skill "${name}" here`);
    }
    const handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW);
    try {
      if (openedElsewhere(handle.fd, path, root))
        return refuse("redirected", `skill "${name}" resolves outside its canonical folder`);
      const stats = await handle.stat();
      if (!stats.isFile()) return refuse("not-found", `skill "${name}" has no SKILL.md file`);
      if (stats.size > SKILL_SOURCE_MAX_BYTES) {
        return refuse(
          "fs-refusal",
          `skill "${name}" has a SKILL.md larger than ${SKILL_SOURCE_MAX_BYTES} bytes`,
        );
      }
      const bytes = await handle.readFile();
      const source = readSkillSource(bytes);
      return { ok: true, dir, path, revision: contentRevision(bytes), source };
    } finally {
      await handle.close();
    }
  } catch (error) {
    const verdict = classifyErrno(error);
    if (verdict.disposition === "reportable") {
      const summary = `could not read skill "${name}"`;
      const cause =
        instanceFile && isErrnoFailure(error)
          ? new InstanceCondition({
              condition: "unreadable",
              summary: `${path} is unreadable`,
              cause: error,
            })
          : error;
      throw new ElowenError({ code: SKILLS_FILE_READ_FAILED, summary, cause });
    }
    if (verdict.refusal === "missing" || verdict.refusal === "not-a-directory") {
      return refuse("not-found", `there is no skill "${name}" here`);
    }
    if (verdict.refusal === "symlink-loop")
      return refuse("redirected", `skill "${name}" has a SKILL.md that is a link`);
    return refuse(
      "fs-refusal",
      `could not read skill "${name}": ${verdict.message}`,
      verdict.refusal,
    );
  }
}

/**
 * Whether the open descriptor's file is anywhere but `path` under the real `root`: read from
 * `/proc/self/fd` where the kernel offers it, else from the real path of `path` now.
 */
function openedElsewhere(fd: number, path: string, root: string): boolean {
  let expected: string;
  try {
    expected = join(realpathSync.native(root), relative(root, path));
  } catch {
    return true;
  }
  try {
    return readlinkSync(`/proc/self/fd/${fd}`) !== expected;
  } catch {
    try {
      return realpathSync.native(path) !== expected;
    } catch {
      return true;
    }
  }
}

/** The skill description from a parsed source, when it is a non-blank string. */
export function descriptionOf(source: SkillSource): string | undefined {
  const value = source.frontmatter.description;
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}
