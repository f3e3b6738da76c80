import { type Dirent, readdirSync, realpathSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";
import type { CatalogSource } from "@elowen/plugin-api";
import { diagnostic, type SkillDiagnostic } from "../diagnostics.js";
import { outsideOf } from "../files/contained-read.js";
import { mapInBatches } from "../files/map-in-batches.js";
import type { ContributionDraft, StoreResolver } from "../registry/draft.js";
import { invalidSkill } from "../registry/invalid-skill.js";
import { checkOwnership } from "../registry/validate-skill.js";
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
    const realRoot = realPathIfAny(source.root);
    if (realRoot === undefined) return [];
    const storeDir =
      source.catalogSource === "personal" ? resolveStore(source.ownerUserId as number) : undefined;
    const entries = listDirectory(realRoot);
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const found: Candidate[] = [];
    for (const entry of entries) {
      if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
      if (entry.isDirectory() || entry.isSymbolicLink()) {
        found.push({
          source,
          realRoot,
          storeDir,
          entry: entry.name,
          linked: entry.isSymbolicLink(),
        });
      }
    }
    return found;
  });
  const candidates = listed.flat();
  // Each candidate notes into its own list, so the report reads in directory order.
  const notes = candidates.map((): SkillDiagnostic[] => []);
  const loaded = await mapInBatches(candidates, (candidate, at) =>
    loadCandidate(candidate, notes[at] as SkillDiagnostic[]),
  );
  const skills: LoadedSkill[] = [];
  const taken = new Set<string>();
  for (const [at, skill] of loaded.entries()) {
    diagnostics.push(...(notes[at] as SkillDiagnostic[]));
    if (skill === undefined) continue;
    const key = `${skill.ownerUserId ?? ""}\0${skill.name}`;
    if (taken.has(key)) {
      diagnostics.push(
        diagnostic(
          "name-collision",
          "skipped",
          skill.filePath,
          `another skill of this set is already named ${JSON.stringify(skill.name)}; this one is skipped`,
          skill.name,
        ),
      );
      continue;
    }
    taken.add(key);
    skills.push(skill);
  }
  return { skills, diagnostics };
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
  const skill = skillFromSource(read.bytes, filePath, candidate.entry, diagnostics);
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

function listDirectory(dir: string): Dirent[] {
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
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
