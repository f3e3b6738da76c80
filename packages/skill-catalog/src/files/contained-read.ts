import {
  closeSync,
  constants,
  fstatSync,
  openSync,
  readlinkSync,
  readSync,
  realpathSync,
  statSync,
} from "node:fs";
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

// These reads are synchronous on purpose: a skill file is a few kilobytes on a local disk, and
// five direct system calls cost a fraction of what five thread-pool round trips do. Bulk loads
// read in batches and yield to the event loop between them (see map-in-batches.ts).

/** True when `path` lies strictly inside `dir` (both real, absolute paths). */
export function isInside(path: string, dir: string): boolean {
  const prefix = dir.endsWith(sep) ? dir : dir + sep;
  return path.length > prefix.length && path.startsWith(prefix);
}

/** The directory of the containment that `realPath` escapes, or undefined when it stays inside. */
export function outsideOf(realPath: string, containment: Containment): string | undefined {
  if (!isInside(realPath, containment.baseDir)) return containment.baseDir;
  if (containment.storeDir !== undefined && !isInside(realPath, containment.storeDir)) {
    return containment.storeDir;
  }
  return undefined;
}

/** Step one: resolve every link of `filePath` and check the result against the containment. */
export function checkContainment(filePath: string, containment: Containment): ContainmentCheck {
  let realPath: string;
  try {
    realPath = realpathSync.native(filePath);
  } catch (error) {
    return refusal(error, filePath);
  }
  const outside = outsideOf(realPath, containment);
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
export function openVerified(realPath: string): ContainedRead {
  let fd: number;
  try {
    fd = openSync(realPath, OPEN_FLAGS);
  } catch (error) {
    return refusal(error, realPath);
  }
  try {
    const opened = fstatSync(fd);
    if (!opened.isFile()) {
      return { ok: false, reason: "unreadable", message: `${realPath} is not a regular file` };
    }
    if (!isSameFile(fd, realPath, opened)) {
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
    const bytes = readAll(fd, opened.size);
    if (bytes === undefined) {
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
    closeSync(fd);
  }
}

/** Both steps: the one way this package reads a skill file. */
export function readContained(filePath: string, containment: Containment): ContainedRead {
  const checked = checkContainment(filePath, containment);
  return checked.ok ? openVerified(checked.realPath) : checked;
}

/** Reads from the start to the end of the file, expecting `size` bytes; undefined past the cap. */
function readAll(fd: number, size: number): Buffer | undefined {
  // One byte of room past the size fstat saw shows a file that grew meanwhile.
  let buffer = Buffer.allocUnsafe(size + 1);
  let length = 0;
  for (;;) {
    if (length === buffer.length) {
      if (buffer.length > SKILL_FILE_MAX_BYTES) return undefined;
      const larger = Buffer.allocUnsafe(Math.min(buffer.length * 2, SKILL_FILE_MAX_BYTES + 1));
      buffer.copy(larger, 0, 0, length);
      buffer = larger;
    }
    const read = readSync(fd, buffer, length, buffer.length - length, length);
    if (read === 0) return buffer.subarray(0, length);
    length += read;
  }
}

let procFdAvailable: boolean | undefined;

function isSameFile(
  fd: number,
  realPath: string,
  opened: { readonly dev: number; readonly ino: number },
): boolean {
  if (procFdAvailable !== false) {
    try {
      const path = readlinkSync(`/proc/self/fd/${fd}`);
      procFdAvailable = true;
      return path === realPath;
    } catch {
      if (procFdAvailable === true) return false;
      procFdAvailable = false;
    }
  }
  try {
    const named = statSync(realPath);
    return (
      realpathSync.native(realPath) === realPath &&
      named.dev === opened.dev &&
      named.ino === opened.ino
    );
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
