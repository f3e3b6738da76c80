import { realpathSync } from "node:fs";
import { basename, isAbsolute, join, resolve } from "node:path";
import type { CatalogSource } from "@elowen/plugin-api/skills";
import { diagnostic, type SkillDiagnostic } from "../diagnostics.js";
import { outsideOf } from "../files/contained-read.js";
import { mapInBatches } from "../files/map-in-batches.js";
import type { ContributionDraft, StoreResolver } from "../registry/draft.js";
import { invalidSkill } from "../registry/invalid-skill.js";
import { checkOwnership } from "../registry/validate-skill.js";
import { nameTwinKey } from "../rules/name-twins.js";
import {
  type FolderScan,
  SKILL_SCAN_MAX_FOLDERS,
  scanSkillFolders,
} from "../sources/scan-skill-folders.js";
import { readSkillFile } from "./read-skill-file.js";
import { type SkillFromFile, skillFromSource } from "./skill-from-source.js";

/**
 * A directory in the Agent Skills layout, `<root>/<name>/SKILL.md`, as other agents keep theirs
 * (a `skills/` folder of a repository, `~/.claude/skills`, an account's personal store).
 */
export interface SkillDirectorySource {
  /** Absolute path of the directory holding one directory per skill. */
  readonly root: string;
  /** Default `plugin`. A `personal` source needs `ownerUserId`. */
  readonly catalogSource?: CatalogSource;
  /** Makes every skill of the source visible only in that account's own sessions. */
  readonly ownerUserId?: number;
  /** A name a person recognises the source by (`user ~/.agents/skills`); diagnostics carry it. */
  readonly label?: string;
  /**
   * Look for skill folders below the root's children too (`<root>/skills/pdf/SKILL.md`), down to
   * SKILL_SCAN_MAX_DEPTH levels and over at most SKILL_SCAN_MAX_FOLDERS folders. Default false:
   * only `<root>/<name>/SKILL.md`.
   */
  readonly nested?: boolean;
  /** Why the source is not read now (an untrusted workspace): it loads nothing and says this. */
  readonly withheld?: string;
}

/** A skill loaded from a directory source, with where it lives and where reads must stay. */
export interface LoadedSkill extends SkillFromFile {
  /** `<real skill directory>/SKILL.md`. */
  readonly filePath: string;
  /** The skill directory's real path: its canonical base directory. */
  readonly baseDir: string;
  readonly catalogSource: CatalogSource;
  readonly ownerUserId: number | null;
  readonly storeDir: string | undefined;
}

interface Candidate {
  readonly source: Required<Pick<SkillDirectorySource, "catalogSource">> & SkillDirectorySource;
  readonly realRoot: string;
  readonly storeDir: string | undefined;
  readonly entry: string;
  /** The entry is a link: its real path must be resolved (a plain directory's is root + name). */
  readonly linked: boolean;
}

/**
 * Loads every `<root>/<name>/SKILL.md` of the sources: hidden directories and `node_modules` are
 * passed over, a directory without SKILL.md is not a skill, a missing root holds no skills. A
 * skill directory or file that resolves outside its root (or a personal one outside the account's
 * store) is skipped as redirected. Within one owner, a second skill with a name already loaded is
 * skipped as a collision (directories are read in name order). Never throws for file contents.
 */
export async function loadDirectories(
  sources: readonly SkillDirectorySource[],
  resolveStore: StoreResolver,
): Promise<{ skills: LoadedSkill[]; diagnostics: SkillDiagnostic[] }> {
  const diagnostics: SkillDiagnostic[] = [];
  const checked = sources.map(checkSource);
  const listed = await mapInBatches(checked, (source) => {
    if (source.withheld !== undefined) {
      diagnostics.push(sourceNote("source-withheld", source, source.withheld));
      return [];
    }
    const realRoot = realPathIfAny(source.root);
    if (realRoot === undefined) return [];
    const storeDir =
      source.catalogSource === "personal" ? resolveStore(source.ownerUserId as number) : undefined;
    const scan = scanSkillFolders(realRoot, source.nested === true ? {} : { maxDepth: 1 });
    const cut = cutNote(source, scan);
    if (cut !== undefined) diagnostics.push(cut);
    return scan.folders.map(
      (folder): Candidate => ({
        source,
        realRoot,
        storeDir,
        entry: folder.entry,
        linked: folder.linked,
      }),
    );
  });
  const candidates = listed.flat();
  // Each candidate notes into its own list, so the report reads in directory order.
  const notes = candidates.map((): SkillDiagnostic[] => []);
  const loaded = await mapInBatches(candidates, (candidate, at) =>
    loadCandidate(candidate, notes[at] as SkillDiagnostic[]),
  );
  for (const [at, candidate] of candidates.entries()) {
    const label = candidate.source.label;
    for (const note of notes[at] as SkillDiagnostic[])
      diagnostics.push(label === undefined ? note : { ...note, source: label });
  }
  return { skills: withoutCollisions(loaded, candidates, diagnostics), diagnostics };
}

/**
 * Keeps the first skill of each owner and name (names a person cannot tell apart, such as NFC and
 * NFD spellings or Cyrillic look-alikes, count as one; see nameTwinKey), in source order; a skill whose folder carries its
 * name goes before one whose frontmatter claims a name other than its folder's, so a folder never
 * loses its own name to another folder's claim. Each skill left out is a `name-collision`.
 */
function withoutCollisions(
  loaded: readonly (LoadedSkill | undefined)[],
  candidates: readonly Candidate[],
  diagnostics: SkillDiagnostic[],
): LoadedSkill[] {
  const present = loaded.flatMap((skill, at) =>
    skill === undefined ? [] : [{ skill, at, own: basename(skill.baseDir) === skill.name }],
  );
  const ordered = [...present.filter((item) => item.own), ...present.filter((item) => !item.own)];
  const taken = new Map<string, LoadedSkill>();
  const kept = new Set<number>();
  for (const { skill, at } of ordered) {
    const key = `${skill.ownerUserId ?? ""}\0${nameTwinKey(skill.name)}`;
    const holder = taken.get(key);
    if (holder === undefined) {
      taken.set(key, skill);
      kept.add(at);
      continue;
    }
    const label = candidates[at]?.source.label;
    diagnostics.push(
      diagnostic(
        "name-collision",
        "skipped",
        skill.filePath,
        holder.name === skill.name
          ? `${holder.filePath} already holds the name ${JSON.stringify(skill.name)}; this one is skipped`
          : `its name ${JSON.stringify(skill.name)} looks the same as ${JSON.stringify(holder.name)} of ${holder.filePath}; this one is skipped`,
        skill.name,
        label,
      ),
    );
  }
  return present.filter((item) => kept.has(item.at)).map((item) => item.skill);
}

function sourceNote(
  code: "source-withheld" | "scan-cut",
  source: Candidate["source"],
  message: string,
): SkillDiagnostic {
  return diagnostic(code, "skipped", source.root, message, undefined, source.label);
}

function cutNote(source: Candidate["source"], scan: FolderScan): SkillDiagnostic | undefined {
  if (scan.cut === undefined || (scan.cut === "depth" && source.nested !== true)) return undefined;
  const why =
    scan.cut === "folders"
      ? `the scan stopped after ${SKILL_SCAN_MAX_FOLDERS} folders`
      : "the scan stopped at its depth bound";
  return sourceNote(
    "scan-cut",
    source,
    `${why}; skills further down ${source.root} are not loaded`,
  );
}

function loadCandidate(
  candidate: Candidate,
  diagnostics: SkillDiagnostic[],
): LoadedSkill | undefined {
  const dir = join(candidate.source.root, candidate.entry);
  const filePath = join(dir, "SKILL.md");
  // A plain directory needs no resolving; if it is swapped for a link before the open, the
  // opened file's path no longer matches and the read is refused as redirected.
  const realDir = candidate.linked ? realPathIfAny(dir) : join(candidate.realRoot, candidate.entry);
  if (realDir === undefined) return undefined;
  const outside = outsideOf(realDir, { baseDir: candidate.realRoot, storeDir: candidate.storeDir });
  if (outside !== undefined) {
    diagnostics.push(
      diagnostic(
        "file-redirected",
        "skipped",
        dir,
        `${dir} resolves to ${realDir}, outside ${outside}; the skill is skipped`,
      ),
    );
    return undefined;
  }
  const read = readSkillFile(realDir, candidate.storeDir);
  if (!read.ok) {
    // No SKILL.md (or not a directory at all): not a skill, nothing to report.
    if (read.reason === "missing") return undefined;
    const code = read.reason === "redirected" ? "file-redirected" : "file-unreadable";
    diagnostics.push(
      diagnostic(code, "skipped", filePath, `${read.message}; the skill is skipped`),
    );
    return undefined;
  }
  const skill = skillFromSource(read.bytes, filePath, basename(candidate.entry), diagnostics);
  if (skill === undefined) return undefined;
  return {
    ...skill,
    filePath: join(realDir, "SKILL.md"),
    baseDir: realDir,
    catalogSource: candidate.source.catalogSource,
    ownerUserId: candidate.source.ownerUserId ?? null,
    storeDir: candidate.storeDir,
  };
}

/** A loaded skill as the catalog holds it: what it needs to list, select and read it. */
export function draftOf(skill: LoadedSkill): ContributionDraft {
  return {
    name: skill.name,
    description: skill.description,
    catalogSource: skill.catalogSource,
    ownerUserId: skill.ownerUserId,
    lineCount: skill.lineCount,
    disableModelInvocation: skill.disableModelInvocation,
    userInvocable: skill.userInvocable,
    enabled: true,
    filePath: skill.filePath,
    baseDir: skill.baseDir,
    storeDir: skill.storeDir,
  };
}

function realPathIfAny(path: string): string | undefined {
  try {
    return realpathSync.native(path);
  } catch {
    return undefined;
  }
}

function checkSource(source: SkillDirectorySource, index: number): Candidate["source"] {
  const where = `skill directory source ${index}`;
  if (typeof source?.root !== "string" || !isAbsolute(source.root) || source.root.includes("\0")) {
    invalidSkill(
      where,
      "root",
      "an absolute directory path without NUL",
      source?.root,
      "resolve the directory against the plugin's or host's directory",
    );
  }
  const { catalogSource } = checkOwnership(
    where,
    source.catalogSource,
    source.ownerUserId,
    "source",
  );
  return { ...source, root: resolve(source.root), catalogSource };
}
