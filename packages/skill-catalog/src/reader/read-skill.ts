import type { SkillReadResult } from "@elowen/plugin-api/skills";
import { ElowenError, InstanceCondition } from "@elowen/plugin-shared/errors";
import { type ReadRefusal, readContained } from "../files/contained-read.js";
import { parseSkillSource } from "../frontmatter/parse-frontmatter.js";
import { countLines, decodeSkillSource } from "../frontmatter/skill-source.js";
import type { Contribution } from "../registry/contribution.js";
import type { Resolution } from "./resolve-skill.js";

/**
 * The code of the error a refused skill file carries (`SkillReadResult.error`): the Skills
 * contract's `skills.file_read_failed`, the same code the Skills plugin throws for it.
 */
export const SKILL_FILE_READ_FAILED = "skills.file_read_failed";

const FIXES = {
  missing: "restore the file, or remove the skill and reload the catalog",
  redirected: "replace the link with the file itself, inside the skill's own directory",
  unreadable: "make the file a regular file the daemon can read, under 8 MiB",
} as const;

/**
 * The canonical reader: reads a resolved skill's file inside its canonical directory (and, for a
 * personal skill, inside its account's store), and returns the body, the bounded frontmatter, the
 * actual line count and the whole source as served. A refused file carries `error`, an ElowenError
 * `skills.file_read_failed` whose cause is an InstanceCondition for personal and instance skills
 * (the operator's to fix) and the plain failure for bundled and plugin skills (a software report).
 */
export async function readResolved(resolution: Resolution): Promise<SkillReadResult> {
  if (!resolution.ok) return { ok: false, reason: resolution.reason, message: resolution.message };
  const { contribution, entry } = resolution;
  const read = await readContained(contribution.filePath, {
    baseDir: contribution.baseDir,
    storeDir: contribution.storeDir,
  });
  if (!read.ok) return refused(contribution, read);
  const { text } = decodeSkillSource(read.bytes);
  const parsed = parseSkillSource(text);
  return {
    ok: true,
    entry,
    body: parsed.body,
    frontmatter: parsed.frontmatter,
    ...(parsed.problem === undefined ? {} : { frontmatterProblem: parsed.problem }),
    lineCount: countLines(text),
    path: read.realPath,
    source: text,
  };
}

function refused(contribution: Contribution, read: ReadRefusal): SkillReadResult {
  const summary = `skill ${JSON.stringify(contribution.name)} of ${contribution.plugin} could not be read`;
  const instanceOwned =
    contribution.catalogSource === "personal" || contribution.catalogSource === "instance";
  const cause = instanceOwned
    ? new InstanceCondition({
        condition: read.reason,
        summary: read.message,
        fix: FIXES[read.reason],
        ...(read.cause === undefined ? {} : { cause: read.cause }),
      })
    : read.cause;
  const error = new ElowenError({
    code: SKILL_FILE_READ_FAILED,
    summary,
    received: read.message,
    fix: FIXES[read.reason],
    ...(cause === undefined ? {} : { cause }),
  });
  return { ok: false, reason: read.reason, message: `${summary}: ${read.message}`, error };
}
