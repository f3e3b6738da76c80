import { constants } from "node:fs";
import { open, readlink, realpath, stat } from "node:fs/promises";
import { sep } from "node:path";
import { classifyErrno } from "@elowen/plugin-shared/errors";
import { SKILL_FILE_MAX_BYTES } from "../limits.js";

/** The canonical directories a file must stay inside, each a real path (links resolved). */
export interface Containment {
  /** The registered canonical directory of the skill. */
  readonly baseDir: string;
  /** For a personal skill: the account's own store. */
  readonly storeDir?: string | undefined;
}

/** Why a contained read was refused. */
export type ReadRefusalReason = "missing" | "redirected" | "unreadable";

/** A refused read: the reason, a sentence naming the file, and the failure behind it if any. */
export interface ReadRefusal {
  readonly ok: false;
  readonly reason: ReadRefusalReason;
  readonly message: string;
  readonly cause?: unknown;
}

/** A file's real path, checked to lie inside its containment. */
export type ContainmentCheck = { readonly ok: true; readonly realPath: string } | ReadRefusal;

/** The bytes of a file read through {@link readContained}, and the real path they came from. */
export type ContainedRead =
  | { readonly ok: true; readonly bytes: Buffer; readonly realPath: string }
  | ReadRefusal;

// O_NOFOLLOW: the checked real path names no link, so a link there now is a swap. O_NONBLOCK: a
// FIFO put in place of the file must not hang the open; it is refused as not a regular file.
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/** True when `path` lies strictly inside `dir` (both real, absolute paths). */
export function isInside(path: string, dir: string): boolean {
  const prefix = dir.endsWith(sep) ? dir : dir + sep;
  return path.length > prefix.length && path.startsWith(prefix);
}

/** Step one: resolve every link of `filePath` and check the result against the containment. */
export async function checkContainment(
  filePath: string,
  containment: Containment,
): Promise<ContainmentCheck> {
  let realPath: string;
  try {
    realPath = await realpath(filePath);
  } catch (error) {
    return refusal(error, filePath);
  }
  const outside = !isInside(realPath, containment.baseDir)
    ? containment.baseDir
    : containment.storeDir !== undefined && !isInside(realPath, containment.storeDir)
      ? containment.storeDir
      : undefined;
  if (outside !== undefined) {
    return {
      ok: false,
      reason: "redirected",
      message: `${filePath} resolves to ${realPath}, outside ${outside}`,
    };
  }
  return { ok: true, realPath };
}

/**
 * Step two: open the checked real path without following a link, and prove that the file opened
 * is the one checked (its path as the kernel reports it for the open descriptor, or where that is
 * unavailable, the same device and inode at the same real path), so that a directory swapped for
 * a link between the check and the open cannot lead outside. Refuses what is not a regular file
 * or is larger than SKILL_FILE_MAX_BYTES.
 */
export async function openVerified(realPath: string): Promise<ContainedRead> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(realPath, OPEN_FLAGS);
  } catch (error) {
    return refusal(error, realPath);
  }
  try {
    const opened = await handle.stat();
    if (!opened.isFile()) {
      return { ok: false, reason: "unreadable", message: `${realPath} is not a regular file` };
    }
    if (!(await isSameFile(handle.fd, realPath, opened))) {
      return {
        ok: false,
        reason: "redirected",
        message: `${realPath} changed into a different file while it was being opened`,
      };
    }
    if (opened.size > SKILL_FILE_MAX_BYTES) {
      return {
        ok: false,
        reason: "unreadable",
        message: `${realPath} is ${opened.size} bytes, more than the ${SKILL_FILE_MAX_BYTES} a skill file may hold`,
      };
    }
    const bytes = await handle.readFile();
    if (bytes.length > SKILL_FILE_MAX_BYTES) {
      return {
        ok: false,
        reason: "unreadable",
        message: `${realPath} grew past ${SKILL_FILE_MAX_BYTES} bytes while it was read`,
      };
    }
    return { ok: true, bytes, realPath };
  } catch (error) {
    return refusal(error, realPath);
  } finally {
    await handle.close().catch(() => undefined);
  }
}

/** Both steps: the one way this package reads a skill file. */
export async function readContained(
  filePath: string,
  containment: Containment,
): Promise<ContainedRead> {
  const checked = await checkContainment(filePath, containment);
  return checked.ok ? openVerified(checked.realPath) : checked;
}

let procFdAvailable: boolean | undefined;

async function isSameFile(
  fd: number,
  realPath: string,
  opened: { readonly dev: number; readonly ino: number },
): Promise<boolean> {
  if (procFdAvailable !== false) {
    try {
      const path = await readlink(`/proc/self/fd/${fd}`);
      procFdAvailable = true;
      return path === realPath;
    } catch {
      if (procFdAvailable === true) return false;
      procFdAvailable = false;
    }
  }
  try {
    const [now, named] = await Promise.all([realpath(realPath), stat(realPath)]);
    return now === realPath && named.dev === opened.dev && named.ino === opened.ino;
  } catch {
    return false;
  }
}

function refusal(error: unknown, path: string): ReadRefusal {
  const verdict = classifyErrno(error);
  if (verdict.disposition === "reportable") {
    return { ok: false, reason: "unreadable", message: `${path} could not be read`, cause: error };
  }
  const reason: ReadRefusalReason =
    verdict.refusal === "missing" || verdict.refusal === "not-a-directory"
      ? "missing"
      : verdict.refusal === "symlink-loop"
        ? "redirected"
        : "unreadable";
  return { ok: false, reason, message: verdict.message, cause: error };
}
