import { randomBytes } from "node:crypto";
import { lstat, mkdir, rename as renamePath, rm } from "node:fs/promises";
import { join } from "node:path";
import { ATOMIC_TEXT_WRITE_FAILED, writeTextAtomic } from "@elowen/plugin-shared/atomicText";
import { classifyErrno, ElowenError, isElowenError } from "@elowen/plugin-shared/errors";
import { KeyedQueue } from "@elowen/plugin-shared/queue";
import type { SkillsErrorCode } from "./error-codes.js";
import { holdDir } from "./held-dir.js";
import { SKILL_SOURCE_MAX_BYTES } from "./limits.js";
import { type SkillOwner, sameOwner } from "./owners.js";
import { isRefusal, refuse, type SkillRefusal } from "./refusal.js";
import { ownerDir, type SkillLayout } from "./skill-paths.js";

/** Writes a whole text file: `writeTextAtomic` by default, replaced where a test injects a fault. */
export type TextWriter = (path: string, text: string) => Promise<void>;

/** The two file-system steps a fault test may replace; the defaults are the real ones. */
export interface SkillFileIo {
  readonly writeText: TextWriter;
  readonly rename: (from: string, to: string) => Promise<void>;
}

/** The internals the file owner's operations share: layout, locks, io and the collision rule. */
export interface FileOps {
  readonly layout: SkillLayout;
  readonly io: SkillFileIo;
  /** One queue per owner folder: every mutation of a folder runs alone in this process. */
  readonly locks: KeyedQueue<string>;
  /** The names of the bundled skills, read once. */
  bundledNames(): Promise<ReadonlySet<string>>;
  /** Whether an account exists now, asked again right before its folder would be created. */
  accountExists(userId: number): Promise<boolean>;
}

/** Builds the shared internals. */
export function fileOps(
  layout: SkillLayout,
  io: Partial<SkillFileIo>,
  bundled: () => Promise<ReadonlySet<string>>,
  accountExists: (userId: number) => Promise<boolean>,
): FileOps {
  return {
    layout,
    io: {
      writeText: io.writeText ?? ((path, text) => writeTextAtomic(path, text)),
      rename: io.rename ?? renamePath,
    },
    locks: new KeyedQueue<string>(),
    bundledNames: bundled,
    accountExists,
  };
}

/**
 * The name-collision rule: a skill name is taken for an owner when another plugin's visible skill
 * uses it (`reserved`, from the awaited catalog), when a bundled skill has it, when the instance
 * folder has it, or, for a personal owner, when that account's folder has it. `moving` is the skill
 * being transferred, which does not collide with itself.
 */
export async function nameTaken(
  ops: FileOps,
  owner: SkillOwner,
  name: string,
  reserved: ReadonlySet<string> | undefined,
  moving?: SkillOwner,
): Promise<SkillRefusal | undefined> {
  if (reserved?.has(name))
    return refuse("exists", `a skill named "${name}" already exists in the catalog`);
  if ((await ops.bundledNames()).has(name))
    return refuse("exists", `"${name}" is the name of a bundled skill`);
  const folders: SkillOwner[] = [{ kind: "instance" }];
  if (owner.kind === "personal") folders.push(owner);
  for (const folder of folders) {
    if (moving && sameOwner(folder, moving)) continue;
    if (await present(join(ownerDir(ops.layout, folder), name))) {
      const where =
        folder.kind === "instance" ? "an instance skill" : "a personal skill of that account";
      return refuse("exists", `"${name}" is already the name of ${where}`);
    }
  }
  return undefined;
}

async function present(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch (error) {
    if (classifyErrno(error).code === "ENOENT") return false;
    throw error;
  }
}

/** Refuses a rendered source past {@link SKILL_SOURCE_MAX_BYTES}. */
export function sourceTooLarge(text: string): SkillRefusal | undefined {
  const bytes = Buffer.byteLength(text, "utf8");
  return bytes > SKILL_SOURCE_MAX_BYTES
    ? refuse(
        "invalid-input",
        `the skill file would be ${bytes} bytes; the limit is ${SKILL_SOURCE_MAX_BYTES}`,
      )
    : undefined;
}

/**
 * Creates an owner's folder when missing and refuses one that is a link out of the data directory.
 * A personal folder is created only for an account that exists now: asked again here, under the
 * folder's lock, so an account removed after its owner was resolved (a review or request still in
 * flight) never gets its folder back.
 */
export async function ensureFolder(
  ops: FileOps,
  owner: SkillOwner,
): Promise<string | SkillRefusal> {
  const folder = ownerDir(ops.layout, owner);
  if (owner.kind === "personal" && !(await ops.accountExists(owner.userId)))
    return refuse("account-missing", `account ${owner.userId} does not exist`);
  await mkdir(folder, { recursive: true });
  if ((await lstat(folder)).isSymbolicLink())
    return refuse("redirected", "the skills folder is a link out of its canonical place");
  return folder;
}

/**
 * Moves a directory out of every reader's way and removes it: renamed into the trash first, so
 * no reader sees half a skill, then deleted. The trash is held open and checked like an owner
 * folder, and named through its descriptor: a trash swapped for a link never takes a skill out of
 * the data directory. Refuses `redirected` when the trash is not a folder in its place.
 */
export async function discardDirectory(
  ops: FileOps,
  dir: string,
  label: string,
): Promise<SkillRefusal | undefined> {
  await mkdir(ops.layout.trashDir, { recursive: true });
  const trash = await holdDir(ops.layout.trashDir, ops.layout.root, "the skills trash folder");
  if (isRefusal(trash)) return trash;
  try {
    const grave = trash.entry(`${label}-${randomBytes(6).toString("hex")}`);
    await ops.io.rename(dir, grave);
    await rm(grave, { recursive: true, force: true });
    return undefined;
  } finally {
    await trash.close();
  }
}

/**
 * Sorts a failed file-system step: an errno refusal stays local and becomes a refusal value
 * (`not-found`, `exists` or `fs-refusal`); anything else is a programming or unknown error, thrown
 * as a reportable `skills.*` error with the failure as its cause.
 */
export function fsFailure(error: unknown, code: SkillsErrorCode, summary: string): SkillRefusal {
  // The atomic writer wraps the failed step's errno error; the errno error decides.
  const verdict = classifyErrno(
    isElowenError(error, ATOMIC_TEXT_WRITE_FAILED) ? error.cause : error,
  );
  if (verdict.disposition === "reportable") throw new ElowenError({ code, summary, cause: error });
  if (verdict.refusal === "missing")
    return refuse("not-found", `${summary}: ${verdict.message}`, verdict.refusal);
  if (verdict.refusal === "exists" || verdict.refusal === "not-empty") {
    return refuse(
      "exists",
      `${summary}: something already exists at the destination`,
      verdict.refusal,
    );
  }
  return refuse("fs-refusal", `${summary}: ${verdict.message}`, verdict.refusal);
}
