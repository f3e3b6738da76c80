import { join } from "node:path";
import { ElowenError, errorMessage } from "@elowen/plugin-shared/errors";
import type { SkillEdit } from "./edit-input.js";
import { SKILLS_EDIT_FAILED, SKILLS_MOVE_FAILED, SKILLS_ROLLBACK_FAILED } from "./error-codes.js";
import { ensureFolder, type FileOps, fsFailure, nameTaken, sourceTooLarge } from "./file-ops.js";
import { frontmatterRefusal, renderSkillSource } from "./frontmatter.js";
import { describeOwner, type SkillOwner, sameOwner } from "./owners.js";
import { clearAgentMark } from "./provenance.js";
import { isRefusal, refuse, type SkillRefusal } from "./refusal.js";
import { contentRevision, ownerDir, readSkillFile, type SkillFile } from "./skill-paths.js";
import { discardHeld, type MovedSkill, moveHeld } from "./skill-write.js";

/** A skill after a successful write: where it is now and its new revision. */
export interface WrittenSkill {
  readonly ok: true;
  readonly name: string;
  readonly owner: SkillOwner;
  readonly revision: number;
}

/** A transfer's change: an edit (possibly empty), its revision check, and other plugins' names. */
export interface SkillTransfer {
  readonly edit: SkillEdit;
  readonly expectedRevision?: number;
  /** Names other plugins' visible skills use, from the awaited catalog. */
  readonly reserved?: ReadonlySet<string>;
}

/** Refuses a supplied revision that is not the current file's. */
export function staleRevision(
  file: SkillFile,
  name: string,
  expected: number | undefined,
): SkillRefusal | undefined {
  return expected === undefined || expected === file.revision
    ? undefined
    : refuse(
        "stale-revision",
        `skill "${name}" changed since revision ${expected}; reload it and apply the edit again`,
      );
}

/** Prepares an edited source, or refuses it before anything is written. */
export function prepareEdit(file: SkillFile, name: string, edit: SkillEdit): string | SkillRefusal {
  // A block the catalog leaves out is not parsed again here: it may be one built to be costly.
  const leftOut = frontmatterRefusal(file.source);
  if (leftOut !== undefined) {
    return refuse(
      "invalid-input",
      `skill "${name}" is left out of the catalog: ${leftOut}; fix its SKILL.md by hand before editing it here`,
    );
  }
  const text = renderSkillSource(file.source.yaml, name, edit, edit.content ?? file.source.body);
  if (text === undefined) {
    return refuse(
      "invalid-input",
      `skill "${name}" has frontmatter that is not a YAML mapping (${file.source.problem ?? "unreadable"}); fix its SKILL.md before editing it here`,
    );
  }
  return sourceTooLarge(text) ?? text;
}

/** Removes a skill directory with everything in it, after the revision check. */
export async function removeSkill(
  ops: FileOps,
  owner: SkillOwner,
  name: string,
  expectedRevision: number | undefined,
): Promise<{ readonly ok: true; readonly name: string } | SkillRefusal> {
  return ops.locks.run(ownerDir(ops.layout, owner), async () => {
    const file = await readSkillFile(ownerDir(ops.layout, owner), name, true, ops.layout.root);
    if (isRefusal(file)) return file;
    const stale = staleRevision(file, name, expectedRevision);
    if (stale) return stale;
    try {
      const refused = await discardHeld(ops, ownerDir(ops.layout, owner), name);
      if (refused) return refused;
    } catch (error) {
      return fsFailure(error, SKILLS_MOVE_FAILED, `could not remove skill "${name}"`);
    }
    return { ok: true, name };
  });
}

/**
 * Transfers a skill to another owner, with an optional edit. The whole directory is renamed, so
 * support files beside `SKILL.md` travel with it, and the edit is written at the destination
 * through the same frontmatter editor as PATCH, so unknown keys survive. If that write fails, the
 * directory is renamed back to where it was; a failed rename back is a reportable
 * `skills.rollback_failed`. The reviewer's mark is cleared: a transfer is a human act.
 */
export async function transferSkill(
  ops: FileOps,
  from: SkillOwner,
  name: string,
  to: SkillOwner,
  change: SkillTransfer,
): Promise<WrittenSkill | SkillRefusal> {
  if (sameOwner(from, to))
    return refuse("invalid-input", `skill "${name}" already belongs to ${describeOwner(to)}`);
  const folders = [ownerDir(ops.layout, from), ownerDir(ops.layout, to)];
  return ops.locks.runAll(folders, async () => {
    const file = await readSkillFile(ownerDir(ops.layout, from), name, true, ops.layout.root);
    if (isRefusal(file)) return file;
    const stale = staleRevision(file, name, change.expectedRevision);
    if (stale) return stale;
    const taken = await nameTaken(ops, to, name, change.reserved, from);
    if (taken) return taken;
    const edited =
      Object.keys(change.edit).length > 0 ? prepareEdit(file, name, change.edit) : undefined;
    if (isRefusal(edited)) return edited;
    let moved: MovedSkill | SkillRefusal;
    const destination = join(ownerDir(ops.layout, to), name);
    try {
      const folder = await ensureFolder(ops, to);
      if (isRefusal(folder)) return folder;
      moved = await moveHeld(ops, ownerDir(ops.layout, from), folder, name);
    } catch (error) {
      return fsFailure(
        error,
        SKILLS_MOVE_FAILED,
        `could not move skill "${name}" to ${describeOwner(to)}`,
      );
    }
    if (isRefusal(moved)) return moved;
    try {
      if (edited !== undefined) {
        try {
          await ops.io.writeText(moved.dir.entry("SKILL.md"), edited);
        } catch (writeError) {
          await restore(moved, file.dir, destination, name, writeError);
          return fsFailure(
            writeError,
            SKILLS_EDIT_FAILED,
            `could not write the edited skill "${name}"; it was moved back`,
          );
        }
      }
      await clearAgentMark(moved.dir.path);
    } finally {
      await moved.close();
    }
    const revision =
      edited === undefined ? file.revision : contentRevision(Buffer.from(edited, "utf8"));
    return { ok: true, name, owner: to, revision };
  });
}

async function restore(
  moved: MovedSkill,
  original: string,
  destination: string,
  name: string,
  writeError: unknown,
): Promise<void> {
  try {
    await moved.back();
  } catch (rollbackError) {
    throw new ElowenError({
      code: SKILLS_ROLLBACK_FAILED,
      summary: `skill "${name}" could not be moved back after its edit failed`,
      expected: `the directory back at ${original}`,
      received: `it is still at ${destination}; the edit failed with: ${errorMessage(writeError)}`,
      fix: "move the directory back by hand",
      cause: rollbackError,
    });
  }
}
