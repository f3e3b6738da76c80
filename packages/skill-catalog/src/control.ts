import type { Access } from "@elowen/plugin-api/access";
import type { SkillCatalogControl, SkillReadResult } from "@elowen/plugin-api/skills";
import { parseArguments, substituteArguments } from "@elowen/prompt-compose";
import { countLines } from "./frontmatter/skill-source.js";
import type { SkillCatalog } from "./skill-catalog.js";

/** What the per-plugin control needs from the host besides the catalog. */
export interface SkillCatalogControlOptions {
  /** Who is acting now (the current turn, hook or request), for calls that leave access out. */
  readonly currentAccess: () => Access;
}

/**
 * Implements plugin-api's `SkillCatalogControl` for one plugin on top of the host's catalog: the
 * projections and the reader answer for the given or current access; `canonicalBaseDir` answers
 * only for a skill the current access sees; `requestReload` replaces this plugin's set alone.
 * `readSkill(name, { args })` substitutes the arguments (`$ARGUMENTS`, `$@`, `$1`..`$9`,
 * `${N:-default}`, `${@:N}`, split as prompt commands split theirs) into the body and the whole
 * source it answers, the line count then the substituted source's; without `args` the skill is
 * served as written.
 */
export function createSkillCatalogControl(
  catalog: SkillCatalog,
  plugin: string,
  options: SkillCatalogControlOptions,
): SkillCatalogControl {
  const current = options.currentAccess;
  return {
    visibleSkills: async (access) => catalog.visibleSkills(access ?? current()),
    visibleEntries: async ({ invocation, access }) =>
      catalog.visibleEntries({ invocation, access: access ?? current() }),
    canonicalBaseDir: (skill) => catalog.canonicalBaseDir(skill, current()),
    readSkill: async (name, read) => {
      const result = await catalog.readSkill(name, {
        access: read?.access ?? current(),
        ...(read?.invocation === undefined ? {} : { invocation: read.invocation }),
      });
      return read?.args === undefined ? result : withArguments(result, read.args);
    },
    requestReload: async (skills) => {
      await catalog.requestReload(plugin, skills);
    },
    diagnostics: async () => catalog.diagnostics(),
    declarePersonalStores: (root) => catalog.setPersonalRoot(plugin, root),
    skillFiles: async (name, read) =>
      catalog.skillResources(name, { access: read?.access ?? current() }),
    readSkillFile: async (name, path, read) =>
      catalog.readSkillResource(name, path, { access: read?.access ?? current() }),
  };
}

function withArguments(read: SkillReadResult, text: string): SkillReadResult {
  if (!read.ok) return read;
  const args = parseArguments(text);
  const source = read.source === undefined ? undefined : substituteArguments(read.source, args);
  return {
    ...read,
    body: substituteArguments(read.body, args),
    ...(source === undefined ? {} : { source, lineCount: countLines(source) }),
  };
}
