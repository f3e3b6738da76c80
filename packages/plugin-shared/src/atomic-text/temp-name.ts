import { randomBytes } from "node:crypto";
import { basename, dirname, join } from "node:path";

/**
 * The suffix of every temporary file the atomic writers create. A whole temporary name is
 * `.<target name>.<pid>.<12 hex digits>.elowen-tmp` ({@link ATOMIC_TEMP_PATTERN}), in the target's
 * own directory.
 */
export const ATOMIC_TEMP_SUFFIX = ".elowen-tmp";

/**
 * Matches the name (not the path) of a temporary file of the atomic writers. Group 1 is the target
 * file's name, group 2 the writer's process id. A writer removes its temporary file when a step
 * fails; only a process killed mid-write leaves one behind, which a start-up sweep may remove
 * (see {@link parseAtomicTempName}).
 */
export const ATOMIC_TEMP_PATTERN: RegExp = /^\.(.+)\.([1-9][0-9]*)\.[0-9a-f]{12}\.elowen-tmp$/;

/** What the name of an atomic writer's temporary file says: its target's name and writer. */
export interface AtomicTempName {
  /** The name of the file the temporary was going to replace, in the same directory. */
  readonly target: string;
  /** The process id of the writer. A live process with that id may still be writing. */
  readonly pid: number;
}

/**
 * Reads a file name (a base name, without directories) as an atomic writer's temporary file, or
 * answers `undefined` when it is not one. A sweep removes a temporary whose `pid` is not a live
 * process (or not this one, at start-up); any other file is never the writers'. Never throws.
 */
export function parseAtomicTempName(name: string): AtomicTempName | undefined {
  if (typeof name !== "string") return undefined;
  const match = ATOMIC_TEMP_PATTERN.exec(name);
  if (match === null) return undefined;
  return { target: match[1] as string, pid: Number(match[2]) };
}

/** A fresh temporary path beside `path`, per {@link ATOMIC_TEMP_PATTERN}. */
export function atomicTempPath(path: string): string {
  const name = `.${basename(path)}.${process.pid}.${randomBytes(6).toString("hex")}`;
  return join(dirname(path), `${name}${ATOMIC_TEMP_SUFFIX}`);
}
