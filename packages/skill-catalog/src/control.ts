import type { Access, SkillCatalogControl } from "@elowen/plugin-api";
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
    readSkill: (name, read) =>
      catalog.readSkill(name, {
        access: read?.access ?? current(),
        ...(read?.invocation === undefined ? {} : { invocation: read.invocation }),
      }),
    requestReload: async (skills) => {
      await catalog.requestReload(plugin, skills);
    },
  };
}
