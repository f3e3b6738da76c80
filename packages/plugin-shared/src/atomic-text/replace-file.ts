import { open, rename, stat, unlink } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { isErrnoFailure } from "../errors/errno.js";
import { KeyedQueue } from "../queue/keyed-queue.js";
import { atomicTempPath } from "./temp-name.js";

/** Writes to one path from this copy of the package, one at a time in call order. */
export const pathQueue = new KeyedQueue<string>();

/** Where a replacement failed: the step in words and what the file system threw. */
export interface ReplaceFailure {
  readonly step: string;
  readonly cause: unknown;
}

/** Options of {@link replaceFile}. */
export interface ReplaceOptions {
  /** The new file's mode; default: the replaced file's mode, or 0o666 less the umask. */
  readonly mode?: number | undefined;
}

/**
 * Replaces `path` with `text` atomically, queued behind earlier writes to the same path: a
 * temporary file beside it (with the mode), fsynced, renamed over `path`, then the directory
 * fsynced. A failed step removes the temporary file and rejects with `fail(step, cause)`.
 */
export function replaceFile(
  path: string,
  text: string,
  options: ReplaceOptions,
  fail: (failure: ReplaceFailure) => Error,
): Promise<void> {
  return pathQueue.run(resolve(path), () => replaceNow(path, text, options, fail));
}

async function replaceNow(
  path: string,
  text: string,
  options: ReplaceOptions,
  fail: (failure: ReplaceFailure) => Error,
): Promise<void> {
  const temporary = atomicTempPath(path);
  let step = "write a temporary file";
  try {
    const mode = options.mode ?? (await existingMode(path));
    const handle = await open(temporary, "wx", mode ?? 0o666);
    try {
      // open() applies the umask; an explicit or inherited mode is meant exactly.
      if (mode !== undefined) await handle.chmod(mode);
      await handle.writeFile(text, "utf8");
      step = "fsync the temporary file";
      await handle.sync();
    } finally {
      await handle.close();
    }
    step = "rename the temporary file over the target";
    await rename(temporary, path);
  } catch (cause) {
    await unlink(temporary).catch(() => undefined);
    throw fail({ step, cause });
  }
  try {
    await syncDirectory(dirname(path));
  } catch (cause) {
    throw fail({ step: "fsync the directory (the new content is in place)", cause });
  }
}

async function existingMode(path: string): Promise<number | undefined> {
  try {
    return (await stat(path)).mode & 0o7777;
  } catch (error) {
    if (isErrnoFailure(error) && (error.code === "ENOENT" || error.code === "ENOTDIR")) {
      return undefined;
    }
    throw error;
  }
}

async function syncDirectory(directory: string): Promise<void> {
  const handle = await open(directory, "r");
  try {
    await handle.sync();
  } catch (error) {
    // Some file systems cannot fsync a directory; the rename is as durable as they allow.
    if (!(isErrnoFailure(error) && (error.code === "EINVAL" || error.code === "ENOTSUP"))) {
      throw error;
    }
  } finally {
    await handle.close();
  }
}
