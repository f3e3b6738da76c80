import { mkdtemp, rm } from "node:fs/promises";
import { join } from "node:path";
import { classifyErrno, ElowenError, isElowenError } from "@elowen/plugin-shared/errors";
import type { SkillArchive } from "@elowen/skill-catalog";
import type { NewSkill, SkillEdit } from "./edit-input.js";
import { SKILLS_EDIT_FAILED, SKILLS_MOVE_FAILED } from "./error-codes.js";
import {
  discardDirectory,
  ensureFolder,
  fileOps,
  fsFailure,
  nameTaken,
  type SkillFileIo,
  sourceTooLarge,
} from "./file-ops.js";
import { renderSkillSource } from "./frontmatter.js";
import {
  type Actor,
  type OwnerOperation,
  type OwnerSpec,
  resolveOwner,
  type SkillOwner,
} from "./owners.js";
import { clearAgentMark, isAgentMarked, markAgentWritten } from "./provenance.js";
import { isRefusal, refuse, type SkillRefusal } from "./refusal.js";
import { createReviewerStore, type ReviewerStore } from "./reviewer-store.js";
import { exportSkill, importSkill } from "./skill-archive.js";
import {
  prepareEdit,
  removeSkill,
  type SkillTransfer,
  staleRevision,
  transferSkill,
  type WrittenSkill,
} from "./skill-move.js";
import {
  contentRevision,
  ownerDir,
  readSkillFile,
  type SkillFile,
  type SkillLayout,
  skillLayout,
} from "./skill-paths.js";
import { type SkillScan, scanSkills, skillNamesIn } from "./skill-scan.js";
import { writeHeld } from "./skill-write.js";

/** What the file owner needs from its host. */
export interface SkillFilesOptions {
  /** The plugin's own directory (`ctx.dataDir`): personal and instance skills live under it. */
  readonly dataDir: string;
  /** The package's bundled skills, read-only. */
  readonly bundledDir?: string;
  /**
   * Whether an account exists (`ctx.accountExists`): awaited before a personal target is resolved,
   * and again under the folder's lock before a personal folder is created.
   */
  readonly accountExists: (userId: number) => Promise<boolean>;
  /**
   * The names the current catalog shows an account (the reviewed account's visible skills),
   * awaited by the reviewer's creates before their write. Without it only this plugin's own
   * folders are checked.
   */
  readonly catalogNames?: (userId: number) => Promise<ReadonlySet<string>>;
  /** Fault injection for tests; the defaults are the real atomic write and rename. */
  readonly io?: Partial<SkillFileIo>;
}

/**
 * The one owner of this plugin's skill files: personal ownership and canonical paths, name
 * collisions, frontmatter parsing, content versions (revisions), revision checks and atomic
 * writes. Routes, tools and the reviewer's store all go through it. Every operation answers a
 * value: a success with `ok: true` or a {@link SkillRefusal}; errno refusals stay local refusals,
 * and only programming errors and failed rollbacks are thrown (reportable `skills.*` errors).
 * Mutations of one owner folder run one at a time in this process. Reloading the catalog after
 * a successful mutation is the caller's.
 */
export interface SkillFiles {
  readonly layout: SkillLayout;
  /** Authorizes and resolves an owner (account, then roles, then existence; see `resolveOwner`). */
  resolveOwner(
    spec: OwnerSpec,
    actor: Actor,
    operation: OwnerOperation,
  ): Promise<SkillOwner | SkillRefusal>;
  /** Reads a skill of an owner from its canonical folder, with its revision. */
  read(owner: SkillOwner, name: string): Promise<SkillFile | SkillRefusal>;
  /**
   * Creates a skill; `reserved` are other plugins' names from the awaited catalog. A personal
   * owner whose account no longer exists is refused (`account-missing`) and no folder is made.
   */
  create(
    owner: SkillOwner,
    skill: NewSkill,
    options?: { readonly reserved?: ReadonlySet<string>; readonly asAgent?: boolean },
  ): Promise<WrittenSkill | SkillRefusal>;
  /**
   * Edits a skill in place, keeping unknown frontmatter keys. A human edit clears the reviewer's
   * mark; `asAgent` writes only a skill still marked at its current revision and renews the mark.
   */
  patch(
    owner: SkillOwner,
    name: string,
    edit: SkillEdit,
    options?: { readonly expectedRevision?: number; readonly asAgent?: boolean },
  ): Promise<WrittenSkill | SkillRefusal>;
  /** Removes a skill directory and its support files. */
  remove(
    owner: SkillOwner,
    name: string,
    options?: { readonly expectedRevision?: number },
  ): Promise<{ readonly ok: true; readonly name: string } | SkillRefusal>;
  /** Transfers a skill to another owner, optionally edited; see `transferSkill`. */
  transfer(
    from: SkillOwner,
    name: string,
    to: SkillOwner,
    change: SkillTransfer,
  ): Promise<WrittenSkill | SkillRefusal>;
  /** Imports a whole skill folder from a checked archive; see `importSkill`. */
  importArchive(
    owner: SkillOwner,
    archive: SkillArchive,
    options?: { readonly reserved?: ReadonlySet<string> },
  ): Promise<WrittenSkill | SkillRefusal>;
  /** Exports an owner's skill folder as a deterministic tar archive; see `exportSkill`. */
  exportArchive(
    owner: SkillOwner,
    name: string,
  ): Promise<{ readonly ok: true; readonly archive: Uint8Array } | SkillRefusal>;
  /** Deletes an account's whole personal folder (the account was removed). */
  removeAccount(userId: number): Promise<void>;
  /** Reads the complete skill set for a reload. */
  scan(): Promise<SkillScan>;
  /** The only writer the reviewer gets: new personal skills and patches of its own marked skills. */
  readonly reviewerStore: ReviewerStore;
}

/** Creates the file owner over a plugin data directory. */
export function createSkillFiles(options: SkillFilesOptions): SkillFiles {
  const layout = skillLayout(options.dataDir, options.bundledDir);
  let bundled: Promise<ReadonlySet<string>> | undefined;
  const ops = fileOps(
    layout,
    options.io ?? {},
    () => {
      bundled ??= layout.bundledDir
        ? skillNamesIn(layout.bundledDir)
        : Promise.resolve(new Set<string>());
      return bundled;
    },
    options.accountExists,
  );

  const create: SkillFiles["create"] = (owner, skill, createOptions = {}) =>
    ops.locks.run(ownerDir(layout, owner), async () => {
      const taken = await nameTaken(ops, owner, skill.name, createOptions.reserved);
      if (taken) return taken;
      const text = renderSkillSource(null, skill.name, skill, skill.content) ?? "";
      const tooLarge = sourceTooLarge(text);
      if (tooLarge) return tooLarge;
      const revision = contentRevision(Buffer.from(text, "utf8"));
      try {
        const folder = await ensureFolder(ops, owner);
        if (isRefusal(folder)) return folder;
        // Written whole in a hidden staging directory and renamed into place: no reader sees half a skill.
        const staging = await mkdtemp(join(folder, ".staging-"));
        try {
          await ops.io.writeText(join(staging, "SKILL.md"), text);
          if (createOptions.asAgent) await markAgentWritten(staging, revision);
          await ops.io.rename(staging, join(folder, skill.name));
        } catch (error) {
          await rm(staging, { recursive: true, force: true });
          throw error;
        }
      } catch (error) {
        return fsFailure(error, SKILLS_EDIT_FAILED, `could not create skill "${skill.name}"`);
      }
      return { ok: true, name: skill.name, owner, revision };
    });

  const patch: SkillFiles["patch"] = (owner, name, edit, patchOptions = {}) =>
    ops.locks.run(ownerDir(layout, owner), async () => {
      const file = await readSkillFile(ownerDir(layout, owner), name, true, layout.root);
      if (isRefusal(file)) return file;
      const stale = staleRevision(file, name, patchOptions.expectedRevision);
      if (stale) return stale;
      if (patchOptions.asAgent && !(await isAgentMarked(file.dir, file.revision))) {
        return refuse(
          "not-agent-marked",
          `skill "${name}" is no longer the reviewer's own: it was edited by a person`,
        );
      }
      const text = prepareEdit(file, name, edit);
      if (isRefusal(text)) return text;
      return writeHeld(ops, file, name, text, async (dir, revision) => {
        if (patchOptions.asAgent) await markAgentWritten(dir, revision);
        else await clearAgentMark(dir);
        return { ok: true, name, owner, revision };
      });
    });

  const owner: Omit<SkillFiles, "reviewerStore"> = {
    layout,
    resolveOwner: (spec, actor, operation) =>
      resolveOwner(spec, actor, operation, options.accountExists),
    read: (owner, name) => readSkillFile(ownerDir(layout, owner), name, true, layout.root),
    create,
    patch,
    remove: (owner, name, removeOptions = {}) =>
      removeSkill(ops, owner, name, removeOptions.expectedRevision),
    transfer: (from, name, to, change) => transferSkill(ops, from, name, to, change),
    importArchive: (owner, archive, importOptions = {}) =>
      importSkill(ops, owner, archive, importOptions.reserved),
    exportArchive: (owner, name) => exportSkill(ops, owner, name),
    removeAccount: (userId) => {
      const folder = ownerDir(layout, { kind: "personal", userId });
      return ops.locks.run(folder, async () => {
        try {
          const refused = await discardDirectory(ops, folder, `account-${userId}`);
          if (refused)
            throw new ElowenError({
              code: SKILLS_MOVE_FAILED,
              summary: `could not remove the personal skills of account ${userId}: ${refused.message}`,
            });
        } catch (error) {
          if (isElowenError(error, SKILLS_MOVE_FAILED)) throw error;
          if (classifyErrno(error).code === "ENOENT") return;
          throw new ElowenError({
            code: SKILLS_MOVE_FAILED,
            summary: `could not remove the personal skills of account ${userId}`,
            cause: error,
          });
        }
      });
    },
    scan: () => scanSkills(layout),
  };
  return { ...owner, reviewerStore: createReviewerStore(owner, options) };
}
