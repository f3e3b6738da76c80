import type { NewSkill, SkillEdit } from "./edit-input.js";
import type { SkillOwner } from "./owners.js";
import { isAgentMarked } from "./provenance.js";
import { isRefusal, refuse, type SkillRefusal } from "./refusal.js";
import type { WrittenSkill } from "./skill-move.js";
import { descriptionOf, isSkillName, type SkillFile } from "./skill-paths.js";

/** A personal skill the reviewer may patch: still its own, at the revision offered. */
export interface OfferedSkill {
  readonly name: string;
  readonly revision: number;
  readonly description: string;
  readonly content: string;
}

/** A new personal skill the reviewer proposes. */
export interface ReviewerCreate {
  readonly name: string;
  readonly description: string;
  readonly content: string;
}

/** A patch the reviewer proposes, with the revision that was offered as its compare-and-swap. */
export interface ReviewerPatch {
  readonly name: string;
  readonly revision: number;
  readonly content: string;
  readonly description?: string;
}

/**
 * The only writer the reviewer gets, supplied by the file owner. It creates new personal skills
 * (marked as the reviewer's) and patches personal skills that are still marked at the offered
 * revision. It never touches instance or bundled skills or another account's folder.
 */
export interface ReviewerStore {
  /** Of `names` (the skills loaded in the exchange), the account's personal skills still marked as the reviewer's. */
  patchable(userId: number, names: readonly string[]): Promise<readonly OfferedSkill[]>;
  /** Creates a new personal skill, after awaiting the account's current catalog for collisions. */
  createSkill(userId: number, skill: ReviewerCreate): Promise<WrittenSkill | SkillRefusal>;
  /** Patches a still-marked personal skill if it is exactly the offered revision. */
  patchSkill(userId: number, patch: ReviewerPatch): Promise<WrittenSkill | SkillRefusal>;
}

/**
 * What the reviewer's store needs of the file owner (`SkillFiles`, which builds the store and so
 * hands itself in): its reads and its agent-marked writes.
 */
export interface ReviewerFiles {
  read(owner: SkillOwner, name: string): Promise<SkillFile | SkillRefusal>;
  create(
    owner: SkillOwner,
    skill: NewSkill,
    options: { readonly reserved?: ReadonlySet<string>; readonly asAgent: true },
  ): Promise<WrittenSkill | SkillRefusal>;
  patch(
    owner: SkillOwner,
    name: string,
    edit: SkillEdit,
    options: { readonly expectedRevision: number; readonly asAgent: true },
  ): Promise<WrittenSkill | SkillRefusal>;
}

/** What the reviewer's store needs of the file owner's host (`SkillFilesOptions`). */
export interface ReviewerHost {
  readonly accountExists: (userId: number) => Promise<boolean>;
  readonly catalogNames?: (userId: number) => Promise<ReadonlySet<string>>;
}

/** Builds the reviewer's store over the file owner. */
export function createReviewerStore(files: ReviewerFiles, options: ReviewerHost): ReviewerStore {
  return {
    async patchable(userId, names) {
      const offered: OfferedSkill[] = [];
      for (const name of new Set(names)) {
        if (!isSkillName(name)) continue;
        const file = await files.read({ kind: "personal", userId }, name);
        if (isRefusal(file) || !(await isAgentMarked(file.dir, file.revision))) continue;
        const description = descriptionOf(file.source);
        if (description === undefined) continue;
        offered.push({ name, revision: file.revision, description, content: file.source.body });
      }
      return offered;
    },
    async createSkill(userId, skill) {
      if (!(await options.accountExists(userId)))
        return refuse("account-missing", `account ${userId} does not exist`);
      const reserved = await options.catalogNames?.(userId);
      return files.create({ kind: "personal", userId }, skill, {
        asAgent: true,
        ...(reserved === undefined ? {} : { reserved }),
      });
    },
    patchSkill(userId, patch) {
      const edit =
        patch.description === undefined
          ? { content: patch.content }
          : { content: patch.content, description: patch.description };
      return files.patch({ kind: "personal", userId }, patch.name, edit, {
        expectedRevision: patch.revision,
        asAgent: true,
      });
    },
  };
}
