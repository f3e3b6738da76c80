import type { Access } from "./access.js";
import type { SkillFrontmatter } from "./events/skill.js";

/** Where a catalog entry comes from. */
export const CATALOG_SOURCES = ["bundled", "plugin", "instance", "personal"] as const;
/** Where a catalog entry comes from. */
export type CatalogSource = (typeof CATALOG_SOURCES)[number];

/**
 * A file-backed skill a plugin registers: `filePath` is its `SKILL.md`. `ownerUserId` makes it
 * visible and expandable only in that account's own sessions.
 */
export interface PluginSkill {
  readonly name: string;
  readonly description: string;
  readonly filePath: string;
  /** The approved base directory; defaults to the directory of `filePath`. */
  readonly baseDir?: string;
  readonly ownerUserId?: number;
  readonly catalogSource?: CatalogSource;
  readonly disableModelInvocation?: boolean;
  /** False hides the skill from user invocation (menus, aliases). Default true. */
  readonly userInvocable?: boolean;
  /** False disables this contribution; a same-name enabled one wins in the user projection. */
  readonly enabled?: boolean;
  readonly frontmatter?: SkillFrontmatter;
}

/** Which projection of the catalog to read. */
export type SkillInvocation = "model" | "user";

/** One entry of the merged live catalog, as a projection shows it. */
export interface SkillCatalogEntry {
  readonly name: string;
  readonly description: string;
  /** The plugin that registered it. */
  readonly plugin: string;
  readonly catalogSource: CatalogSource;
  readonly ownerUserId: number | null;
  /** Lines of `SKILL.md` when it was registered or reloaded; null when it could not be read then. */
  readonly lineCount: number | null;
  readonly disableModelInvocation: boolean;
  readonly userInvocable: boolean;
  readonly enabled: boolean;
  /** Whether the skill is effective in each projection for this reader. */
  readonly effective: { readonly model: boolean; readonly user: boolean };
}

/** The outcome of reading a skill through the canonical reader. */
export type SkillReadResult =
  | {
      readonly ok: true;
      readonly entry: SkillCatalogEntry;
      readonly body: string;
      readonly frontmatter: SkillFrontmatter;
      readonly frontmatterProblem?: string;
      readonly lineCount: number;
      readonly path: string;
      /**
       * The whole file as served (byte order mark removed, line endings read as LF): what
       * SkillLoad's full-source paging pages over; `lineCount` counts its lines.
       */
      readonly source?: string;
    }
  | {
      readonly ok: false;
      readonly reason: "missing" | "denied" | "redirected" | "unreadable";
      readonly message: string;
      /**
       * For a file that could not be read: the typed failure to throw on or report, an ElowenError
       * `skills.file_read_failed` (from @elowen/plugin-shared/errors) whose cause chain holds an
       * instance condition for personal and instance skills and not for bundled and plugin ones.
       * Absent when the name itself is missing or denied.
       */
      readonly error?: Error;
    };

/**
 * One remark of the catalog about a skill file or folder: a warning about a skill it loaded
 * (`loaded`), why it left one out (`skipped`), or that it lists one without a line count
 * (`unmeasured`). Codes are stable; `message` is prose for a person.
 */
export interface SkillCatalogDiagnostic {
  readonly code: string;
  readonly outcome: "loaded" | "skipped" | "unmeasured";
  /** The `SKILL.md` or folder the remark is about. */
  readonly path: string;
  readonly name?: string;
  /** The label of the folder the file was found in (`user ~/.agents/skills`). */
  readonly source?: string;
  readonly message: string;
}

/** A visible skill's support files, relative to its canonical folder, or why there are none. */
export type SkillFileList =
  | { readonly ok: true; readonly files: readonly string[]; readonly cut: boolean }
  | { readonly ok: false; readonly reason: "missing" | "denied"; readonly message: string };

/** One support file of a visible skill, read as text, or why it was refused. */
export type SkillFileRead =
  | { readonly ok: true; readonly path: string; readonly text: string }
  | {
      readonly ok: false;
      readonly reason: "missing" | "denied" | "redirected" | "unreadable" | "invalid";
      readonly message: string;
    };

/** The live catalog control every skill-managing plugin resolves skills through. */
export interface SkillCatalogControl {
  /** The skills this reader may see, grants and ownership applied. */
  visibleSkills(access?: Access): Promise<readonly SkillCatalogEntry[]>;
  /** One projection for the current (or given) account. */
  visibleEntries(options: {
    readonly invocation: SkillInvocation;
    readonly access?: Access;
  }): Promise<readonly SkillCatalogEntry[]>;
  /** The approved base directory of a visible skill, or undefined. */
  canonicalBaseDir(
    skill: Pick<SkillCatalogEntry, "name" | "plugin" | "ownerUserId">,
  ): string | undefined;
  /**
   * Reads a visible skill through the one canonical reader (containment enforced). With `args`,
   * the reader substitutes them (`$ARGUMENTS`, `$@`, `$1`..`$9`, `${N:-default}`, `${@:N}`) into
   * the body it answers.
   */
  readSkill(
    name: string,
    options?: {
      readonly access?: Access;
      readonly invocation?: SkillInvocation;
      /** The argument text to substitute into the body; left out, the body is served as written. */
      readonly args?: string;
    },
  ): Promise<SkillReadResult>;
  /** Replaces this plugin's complete skill set atomically; line counts are read now. */
  requestReload(skills: readonly PluginSkill[]): Promise<void>;
  /**
   * Every contributor's current remarks (host file paths included: show them to administrators).
   * Optional only so hosts built before it still satisfy this interface.
   */
  diagnostics?(): Promise<readonly SkillCatalogDiagnostic[]>;
  /**
   * Declares where this plugin keeps each account's personal skills, `<root>/<userId>`: its
   * personal skills must lie in their account's folder there, and the host needs no knowledge of
   * the plugin's layout. Call it in `register`, before registering personal skills; without it
   * the plugin's personal skills cannot be read. Optional for hosts built before it.
   */
  declarePersonalStores?(root: string): void;
  /**
   * The support files (`references/`, `scripts/`, assets) of the skill the reader sees under
   * `name`, relative to its canonical folder, bounded. Optional for hosts built before it.
   */
  skillFiles?(name: string, options?: { readonly access?: Access }): Promise<SkillFileList>;
  /**
   * Reads one support file of the skill the reader sees under `name` by its relative path, as
   * text, contained in the skill's canonical folder (links resolved, swaps refused). Optional for
   * hosts built before it.
   */
  readSkillFile?(
    name: string,
    path: string,
    options?: { readonly access?: Access },
  ): Promise<SkillFileRead>;
}
