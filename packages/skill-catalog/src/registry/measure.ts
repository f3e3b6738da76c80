import { basename, dirname } from "node:path";
import { diagnostic, type SkillDiagnostic } from "../diagnostics.js";
import { readContained } from "../files/contained-read.js";
import { mapInBatches } from "../files/map-in-batches.js";
import { ownString } from "../files/own-string.js";
import { realPathOr } from "../files/real-path.js";
import { countLines, decodeSkillSource } from "../frontmatter/skill-source.js";
import { descriptionRemarks, nameRemarks } from "../rules/agent-skills-rules.js";
import type { ContributionDraft, StoreResolver } from "./draft.js";
import type { CheckedSkill } from "./validate-skill.js";

const REASON_CODES = {
  missing: "file-missing",
  redirected: "file-redirected",
  unreadable: "file-unreadable",
} as const;

/**
 * Reads each registered skill's file once, through the canonical reader, for its line count, and
 * resolves its canonical directories. A file that cannot be read (missing, redirected outside its
 * directory or store, unreadable) leaves the skill listed without a length, with a diagnostic.
 * Names and descriptions that break the Agent Skills rules are noted, not refused.
 */
export async function measureSkills(
  skills: readonly CheckedSkill[],
  resolveStore: StoreResolver,
): Promise<{ drafts: ContributionDraft[]; diagnostics: SkillDiagnostic[] }> {
  const notes = skills.map((): SkillDiagnostic[] => []);
  const drafts = await mapInBatches(skills, (skill, at) => {
    const diagnostics = notes[at] as SkillDiagnostic[];
    const baseDir = realPathOr(skill.baseDir);
    const storeDir =
      skill.catalogSource === "personal" && skill.ownerUserId !== null
        ? resolveStore(skill.ownerUserId)
        : undefined;
    const read = readContained(skill.filePath, { baseDir, storeDir });
    let lineCount: number | null = null;
    if (read.ok) {
      lineCount = countLines(decodeSkillSource(read.bytes).text);
    } else {
      diagnostics.push(
        diagnostic(
          REASON_CODES[read.reason],
          "unmeasured",
          skill.filePath,
          `${read.message}; listed without a length`,
          skill.name,
        ),
      );
    }
    const directory =
      basename(skill.filePath) === "SKILL.md" ? basename(dirname(skill.filePath)) : undefined;
    for (const remark of [
      ...nameRemarks(skill.name, directory),
      ...descriptionRemarks(skill.description),
    ]) {
      diagnostics.push(
        diagnostic(remark.code, "loaded", skill.filePath, remark.message, skill.name),
      );
    }
    const draft: ContributionDraft = {
      name: ownString(skill.name),
      description: ownString(skill.description),
      catalogSource: skill.catalogSource,
      ownerUserId: skill.ownerUserId,
      lineCount,
      disableModelInvocation: skill.disableModelInvocation,
      userInvocable: skill.userInvocable,
      enabled: skill.enabled,
      filePath: skill.filePath,
      baseDir,
      storeDir,
    };
    return draft;
  });
  return { drafts, diagnostics: notes.flat() };
}
