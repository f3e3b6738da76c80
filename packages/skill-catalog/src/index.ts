/**
 * @elowen/skill-catalog: the live skill registry a host owns one of, its model and user
 * projections per account, the canonical skill file reader, SkillLoad paging, explicit
 * `/skill:name` invocation and command aliases, and the Agent Skills directory loader.
 */

export type { SkillCatalogControlOptions } from "./control.js";
export { createSkillCatalogControl } from "./control.js";
export type { SkillDiagnostic, SkillDiagnosticCode } from "./diagnostics.js";
export { diagnostic, SKILL_DIAGNOSTIC_CODES } from "./diagnostics.js";
export type { FrontmatterStatus, ParsedSkillSource } from "./frontmatter/parse-frontmatter.js";
export { parseSkillSource } from "./frontmatter/parse-frontmatter.js";
export type { SkillSourceText } from "./frontmatter/skill-source.js";
export { countLines, decodeSkillSource } from "./frontmatter/skill-source.js";
export { grantedByAccess } from "./grants.js";
export type { InvocationParts, InvocationResult } from "./invocation/explicit-invocation.js";
export { parseInvocation } from "./invocation/explicit-invocation.js";
export {
  SKILL_FILE_MAX_BYTES,
  SKILL_FRONTMATTER_MAX_ALIASES,
  SKILL_INVOCATION_PREFIX,
  SKILL_LOAD_DEFAULT_LIMIT,
} from "./limits.js";
export type { SkillDirectorySource } from "./loader/load-directories.js";
export type { LoadedSkillDirectory } from "./loader/load-skill-directory.js";
export { loadSkillDirectory } from "./loader/load-skill-directory.js";
export {
  SKILL_SOURCE_OF_CATALOG_SOURCE,
  skillPromptInputOf,
  skillSourceOf,
} from "./prompt/skill-prompt-input.js";
export { SKILL_FILE_READ_FAILED } from "./reader/read-skill.js";
export type { SkillPage, SkillPageRequest } from "./reader/skill-page.js";
export { SKILL_CATALOG_INVALID_PAGE } from "./reader/skill-page.js";
export type { SkillSwitchKey } from "./registry/contribution.js";
export { SKILL_CATALOG_INVALID_SKILL } from "./registry/invalid-skill.js";
export type { SkillCatalogOptions, SkillReloadReport } from "./skill-catalog.js";
export { SkillCatalog } from "./skill-catalog.js";
