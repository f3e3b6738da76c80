import type { PluginSkill, SkillFrontmatter } from "@elowen/plugin-api/skills";
import type { SkillDiagnostic } from "../diagnostics.js";
import { realPathOr } from "../files/real-path.js";
import { loadDirectories, type SkillDirectorySource } from "./load-directories.js";

/** The skills of one Agent Skills directory, as a plugin registers them, and the remarks on its files. */
export interface LoadedSkillDirectory {
  /** Each with its frontmatter, its line count as read, and its real directory as `baseDir`. */
  readonly skills: readonly (PluginSkill & {
    readonly frontmatter: SkillFrontmatter;
    readonly lineCount: number;
  })[];
  readonly diagnostics: readonly SkillDiagnostic[];
}

/**
 * Loads `<root>/<name>/SKILL.md` with the same rules as the catalog's reloadFromDirectories, for a
 * caller that wants the skills as data (a personal source's store is its root). A catalog that
 * registers them reads each file once more for its line count; reloadFromDirectories reads once.
 */
export async function loadSkillDirectory(
  source: SkillDirectorySource,
): Promise<LoadedSkillDirectory> {
  const store = typeof source?.root === "string" ? realPathOr(source.root) : "";
  const { skills, diagnostics } = await loadDirectories([source], () => store);
  return {
    skills: skills.map((skill) => ({
      name: skill.name,
      description: skill.description,
      filePath: skill.filePath,
      baseDir: skill.baseDir,
      catalogSource: skill.catalogSource,
      ...(skill.ownerUserId === null ? {} : { ownerUserId: skill.ownerUserId }),
      disableModelInvocation: skill.disableModelInvocation,
      userInvocable: skill.userInvocable,
      frontmatter: skill.frontmatter,
      lineCount: skill.lineCount,
    })),
    diagnostics,
  };
}
