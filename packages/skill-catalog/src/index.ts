/**
 * @elowen/skill-catalog: the live skill registry a host owns one of, its model and user
 * projections per account, the canonical skill file reader, SkillLoad paging, explicit
 * `/skill:name` invocation and command aliases, and the Agent Skills directory loader.
 */

export type { SkillArchiveEntry } from "./archive/archive-entry.js";
export {
  SKILL_ARCHIVE_MAX_DEPTH,
  SKILL_ARCHIVE_MAX_ENTRIES,
  SKILL_ARCHIVE_MAX_FILE_BYTES,
  SKILL_ARCHIVE_MAX_PATH_CHARS,
  SKILL_ARCHIVE_MAX_TOTAL_BYTES,
  SkillArchiveError,
} from "./archive/archive-entry.js";
export { archiveSkillFolder } from "./archive/folder-archive.js";
export type { SkillArchive } from "./archive/read-archive.js";
export { readSkillArchive } from "./archive/read-archive.js";
export { writeTar as writeSkillArchiveEntries } from "./archive/tar.js";
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
export type { SkillResourceList, SkillResourceRead } from "./reader/skill-resources.js";
export {
  SKILL_RESOURCE_PATH_MAX_CHARS,
  SKILL_RESOURCES_MAX_LISTED,
} from "./reader/skill-resources.js";
export type { SkillSwitchKey } from "./registry/contribution.js";
export { SKILL_CATALOG_INVALID_SKILL } from "./registry/invalid-skill.js";
export type { SkillCatalogOptions, SkillReloadReport } from "./skill-catalog.js";
export { SkillCatalog } from "./skill-catalog.js";
export type {
  AgentSkillSourceKind,
  AgentSkillSourcesOptions,
  LabelledSkillSource,
} from "./sources/agent-skill-sources.js";
export { AGENT_SKILL_SOURCE_KINDS, agentSkillSources } from "./sources/agent-skill-sources.js";
export { SKILL_SCAN_MAX_DEPTH, SKILL_SCAN_MAX_FOLDERS } from "./sources/scan-skill-folders.js";
export type {
  SkillSourceApprovals,
  SkillSourceSetOptions,
  SkillSourceStatus,
} from "./sources/skill-source-set.js";
export { SkillSourceSet } from "./sources/skill-source-set.js";
export { sourceFingerprint } from "./sources/source-fingerprint.js";
export { SOURCE_BURST_MAX_MS } from "./sources/source-watcher.js";
