import { lstat, readdir } from "node:fs/promises";
import { join } from "node:path";
import type { CatalogSource, PluginSkill } from "@elowen/plugin-api/skills";
import { classifyErrno } from "@elowen/plugin-shared/errors";
import { flag } from "./frontmatter.js";
import { isRefusal } from "./refusal.js";
import { descriptionOf, isSkillName, readSkillFile, type SkillLayout } from "./skill-paths.js";

/** What a scan found: the complete skill set, and a line for each skill directory left out. */
export interface SkillScan {
  readonly skills: readonly PluginSkill[];
  readonly problems: readonly string[];
}

const ACCOUNT_FOLDER = /^[1-9][0-9]{0,15}$/;

/**
 * Reads every skill this plugin owns, for a reload that replaces the complete set: the bundled
 * skills, the instance folder, and each account's personal folder (`ownerUserId` set). A directory
 * whose name is not a skill name, that is a link, or whose `SKILL.md` is missing, redirected or has
 * no description is left out with a problem line; the rest still load.
 */
export async function scanSkills(layout: SkillLayout): Promise<SkillScan> {
  const skills: PluginSkill[] = [];
  const problems: string[] = [];
  if (layout.bundledDir)
    await scanFolder(layout.bundledDir, "bundled", undefined, skills, problems);
  await scanFolder(layout.instanceRoot, "instance", undefined, skills, problems, layout.root);
  if (await isLink(layout.personalRoot)) {
    problems.push(
      `${layout.personalRoot}: is a link out of the plugin's data directory; every personal skill is left out`,
    );
    return { skills, problems };
  }
  for (const entry of (await listDirectories(layout.personalRoot)).dirs) {
    if (!ACCOUNT_FOLDER.test(entry)) continue;
    const folder = join(layout.personalRoot, entry);
    await scanFolder(folder, "personal", Number(entry), skills, problems, layout.root);
  }
  return { skills, problems };
}

/** The names of the skills in one folder (bundled skills, for the collision rule). */
export async function skillNamesIn(folder: string): Promise<ReadonlySet<string>> {
  return new Set((await listDirectories(folder)).dirs.filter(isSkillName));
}

async function scanFolder(
  folder: string,
  catalogSource: CatalogSource,
  ownerUserId: number | undefined,
  skills: PluginSkill[],
  problems: string[],
  root: string = folder,
): Promise<void> {
  const listed = await listDirectories(folder);
  for (const link of listed.links) {
    problems.push(`${join(folder, link)}: is a link out of its canonical folder; it is left out`);
  }
  for (const name of listed.dirs) {
    if (name.startsWith(".")) continue;
    if (!isSkillName(name)) {
      problems.push(
        `${join(folder, name)}: "${name}" is not a skill name; the directory is left out`,
      );
      continue;
    }
    const file = await readSkillFile(folder, name, catalogSource !== "bundled", root);
    if (isRefusal(file)) {
      problems.push(`${join(folder, name)}: ${file.message}`);
      continue;
    }
    const description = descriptionOf(file.source);
    if (description === undefined) {
      problems.push(
        `${file.path}: the frontmatter has no description (${file.source.problem ?? "add description: ..."})`,
      );
      continue;
    }
    const { frontmatter } = file.source;
    skills.push({
      name,
      description,
      filePath: file.path,
      baseDir: file.dir,
      catalogSource,
      ...(ownerUserId === undefined ? {} : { ownerUserId }),
      disableModelInvocation: flag(frontmatter, "disable-model-invocation", false),
      userInvocable: flag(frontmatter, "user-invocable", true),
      frontmatter,
    });
  }
}

async function isLink(path: string): Promise<boolean> {
  try {
    return (await lstat(path)).isSymbolicLink();
  } catch {
    return false;
  }
}

async function listDirectories(folder: string): Promise<{ dirs: string[]; links: string[] }> {
  try {
    const entries = await readdir(folder, { withFileTypes: true });
    const names = (keep: (entry: (typeof entries)[number]) => boolean) =>
      entries
        .filter(keep)
        .map((entry) => entry.name)
        .sort();
    return {
      dirs: names((entry) => entry.isDirectory()),
      links: names((entry) => entry.isSymbolicLink()),
    };
  } catch (error) {
    if (classifyErrno(error).code === "ENOENT") return { dirs: [], links: [] };
    throw error;
  }
}
