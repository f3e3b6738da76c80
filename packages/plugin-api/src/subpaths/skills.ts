/** `@elowen/plugin-api/skills`. Skills: registered skills, the live catalog seams, frontmatter values, the post-turn skill reviewer. */

export type {
  SkillFrontmatter,
  SkillFrontmatterList,
  SkillFrontmatterValue,
} from "../events/skill.js";
export {
  isSkillFrontmatter,
  SkillFrontmatterSchema,
  SkillFrontmatterValueSchema,
} from "../events/skill.js";
export type {
  SkillPostTurnReviewArgs,
  SkillReviewerRegistration,
  SkillReviewerStatus,
  SkillReviewLastOutcome,
  SkillReviewOutcome,
  SkillReviewSkipReason,
} from "../reviewer.js";
export { SKILL_REVIEW_SKIP_REASONS } from "../reviewer.js";
export type {
  CatalogSource,
  PluginSkill,
  SkillCatalogControl,
  SkillCatalogDiagnostic,
  SkillCatalogEntry,
  SkillFileList,
  SkillFileRead,
  SkillInvocation,
  SkillReadResult,
} from "../skills.js";
export { CATALOG_SOURCES } from "../skills.js";
