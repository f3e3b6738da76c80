import { constants, existsSync, readlinkSync, realpathSync } from "node:fs";
import { type FileHandle, open } from "node:fs/promises";
import { join, relative } from "node:path";
import { classifyErrno } from "@elowen/plugin-shared/errors";
import { refuse, type SkillRefusal } from "./refusal.js";

// Where the kernel names an open descriptor's file: a path through it resolves from the held
// directory itself (like the *at system calls Node lacks), whatever has been swapped in by name.
const FD_DIR = "/proc/self/fd";
const procOffered = existsSync(FD_DIR);

/**
 * A directory opened once, checked to be at its canonical place, and named afterwards through its
 * descriptor: a folder swapped for a link after the check is never followed, because later steps
 * never resolve the folder's name again. Where the kernel offers no descriptor paths, `entry`
 * falls back to the checked path and `stillAt` to its real path (the check then narrows the race
 * but cannot close it).
 */
export interface HeldDir {
  /** The held directory as a path that resolves through the descriptor. */
  readonly path: string;
  readonly dev: number;
  readonly ino: number;
  /** `name` inside the held directory. */
  entry(name: string): string;
  /** Whether the held directory is still at its canonical place (not moved or removed since). */
  stillAt(): boolean;
  close(): Promise<void>;
}

/**
 * Opens `path` as a directory without following a link at its last component and checks that the
 * opened directory is `path` under the real `root` (so no parent on the way is a link either).
 * `via` is the path opened, when it differs from `path` (an entry of another held directory).
 * Refuses `redirected` when it is not, `not-found` when there is no directory; other failures throw.
 */
export async function holdDir(
  path: string,
  root: string,
  what: string,
  via: string = path,
): Promise<HeldDir | SkillRefusal> {
  let handle: FileHandle;
  try {
    handle = await open(via, constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW);
  } catch (error) {
    const verdict = classifyErrno(error);
    if (verdict.disposition === "reportable") throw error;
    if (verdict.refusal === "symlink-loop" || verdict.refusal === "not-a-directory")
      return refuse("redirected", `${what} is not a folder in its canonical place`);
    if (verdict.refusal === "missing") return refuse("not-found", `${what} is not there`);
    throw error;
  }
  const expected = canonical(path, root);
  const held = heldOver(handle, path, expected);
  const stats = await handle.stat();
  const dir = { ...held, dev: stats.dev, ino: stats.ino };
  if (!dir.stillAt()) {
    await handle.close();
    return refuse("redirected", `${what} resolves outside its canonical folder`);
  }
  return dir;
}

function canonical(path: string, root: string): string | undefined {
  try {
    return join(realpathSync.native(root), relative(root, path));
  } catch {
    return undefined;
  }
}

function heldOver(handle: FileHandle, path: string, expected: string | undefined) {
  const through = `${FD_DIR}/${handle.fd}`;
  const where = () => {
    try {
      return procOffered ? readlinkSync(through) : realpathSync.native(path);
    } catch {
      return undefined;
    }
  };
  return {
    path: procOffered ? through : path,
    entry: (name: string) => join(procOffered ? through : path, name),
    stillAt: () => expected !== undefined && where() === expected,
    close: () => handle.close(),
  };
}

/**
 * The bytes of the file `name` in the held directory, read without following a link, or undefined
 * when there is no such file of at most `maxBytes`: what a write through the held directory is
 * about to replace.
 */
export async function readHeld(
  dir: HeldDir,
  name: string,
  maxBytes: number,
): Promise<Buffer | undefined> {
  try {
    const handle = await open(dir.entry(name), constants.O_RDONLY | constants.O_NOFOLLOW);
    try {
      const stats = await handle.stat();
      if (!stats.isFile() || stats.size > maxBytes) return undefined;
      return await handle.readFile();
    } finally {
      await handle.close();
    }
  } catch (error) {
    if (classifyErrno(error).disposition === "local") return undefined;
    throw error;
  }
}
