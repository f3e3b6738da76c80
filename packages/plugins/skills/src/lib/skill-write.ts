import { join } from "node:path";
import { SKILLS_EDIT_FAILED, SKILLS_MOVE_FAILED } from "./error-codes.js";
import { discardDirectory, type FileOps, fsFailure } from "./file-ops.js";
import { type HeldDir, holdDir, readHeld } from "./held-dir.js";
import { SKILL_SOURCE_MAX_BYTES } from "./limits.js";
import { isRefusal, refuse, type SkillRefusal } from "./refusal.js";
import { contentRevision, type SkillFile } from "./skill-paths.js";

/**
 * Replaces the `SKILL.md` that `file` was read from with `text`, through the skill's folder held
 * open: the folder is opened once and checked to be in its canonical place, the file is compared
 * with what was read, and the write names the folder through its descriptor, so a folder swapped
 * for a link between the read and the write is never followed (race-safe PATCH). `then` runs
 * with the held folder's path and the new revision, for the writes beside `SKILL.md`. Refuses
 * `redirected` for a folder out of place (before, or moved away during the write), and
 * `stale-revision` for a file that changed since it was read.
 */
export async function writeHeld<T>(
  ops: FileOps,
  file: SkillFile,
  name: string,
  text: string,
  then: (dir: string, revision: number) => Promise<T>,
): Promise<T | SkillRefusal> {
  const held = await holdDir(file.dir, ops.layout.root, `skill "${name}"`);
  if (isRefusal(held)) return held;
  try {
    const current = await readHeld(held, "SKILL.md", SKILL_SOURCE_MAX_BYTES);
    if (current === undefined || contentRevision(current) !== file.revision) {
      return refuse(
        "stale-revision",
        `skill "${name}" changed while it was being edited; reload it and apply the edit again`,
      );
    }
    try {
      await ops.io.writeText(held.entry("SKILL.md"), text);
    } catch (error) {
      return fsFailure(error, SKILLS_EDIT_FAILED, `could not write skill "${name}"`);
    }
    if (!held.stillAt()) {
      return refuse(
        "redirected",
        `skill "${name}" was moved out of its canonical folder while it was written`,
      );
    }
    return await then(held.path, contentRevision(Buffer.from(text, "utf8")));
  } finally {
    await held.close();
  }
}

/** A skill folder moved between held owner folders, held at its destination. */
export interface MovedSkill {
  readonly dir: HeldDir;
  /** Moves the folder back where it was (a rollback); throws when that fails. */
  back(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Renames the skill folder `name` from `fromFolder` to `toFolder` with both owner folders and the
 * skill folder held open and checked, the rename naming them through their descriptors; then
 * holds what arrived and checks it is the very folder that was checked (same device and inode),
 * else moves it back and refuses `redirected`. So a folder swapped for a link mid-move is never
 * followed: a link moved along is not written through (race-safe move).
 */
export async function moveHeld(
  ops: FileOps,
  fromFolder: string,
  toFolder: string,
  name: string,
): Promise<MovedSkill | SkillRefusal> {
  const root = ops.layout.root;
  const held: HeldDir[] = [];
  const closeAll = () => Promise.all(held.map((dir) => dir.close()));
  try {
    const source = await holdDir(join(fromFolder, name), root, `skill "${name}"`);
    if (isRefusal(source)) return source;
    held.push(source);
    const from = await holdDir(fromFolder, root, "the skills folder");
    if (isRefusal(from)) return from;
    held.push(from);
    const to = await holdDir(toFolder, root, "the destination skills folder");
    if (isRefusal(to)) return to;
    held.push(to);
    try {
      await ops.io.rename(from.entry(name), to.entry(name));
    } catch (error) {
      return fsFailure(error, SKILLS_MOVE_FAILED, `could not move skill "${name}"`);
    }
    const back = () => ops.io.rename(to.entry(name), from.entry(name));
    const arrived = await holdDir(join(toFolder, name), root, `skill "${name}"`, to.entry(name));
    if (isRefusal(arrived) || arrived.dev !== source.dev || arrived.ino !== source.ino) {
      if (!isRefusal(arrived)) await arrived.close();
      await back();
      return refuse("redirected", `skill "${name}" was swapped for a link while it was moved`);
    }
    const done = [...held];
    held.length = 0;
    return {
      dir: arrived,
      back,
      close: async () => {
        await Promise.all([arrived.close(), ...done.map((dir) => dir.close())]);
      },
    };
  } finally {
    await closeAll();
  }
}

/**
 * Moves the skill folder `name` of `folder` out of every reader's way into the trash and removes
 * it, the rename naming the owner folder through its held descriptor: an owner folder swapped for
 * a link after the checks never makes a folder outside the data directory the one removed.
 */
export async function discardHeld(
  ops: FileOps,
  folder: string,
  name: string,
): Promise<SkillRefusal | undefined> {
  const owner = await holdDir(folder, ops.layout.root, "the skills folder");
  if (isRefusal(owner)) return owner;
  try {
    return await discardDirectory(ops, owner.entry(name), name);
  } finally {
    await owner.close();
  }
}
