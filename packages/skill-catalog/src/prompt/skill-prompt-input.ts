import type { SkillPromptInput, SkillSource } from "@elowen/plugin-api/events";
import type { CatalogSource, SkillCatalogEntry, SkillReadResult } from "@elowen/plugin-api/skills";

/**
 * Whose words each catalog source is, in `SkillSource`'s words: a personal skill is its
 * account's own settings tier (`userSettings`), an instance skill the operator's
 * (`policySettings`), a plugin skill its plugin's (`plugin`), and a bundled one Elowen's own
 * (`built-in`). None of them is vouched for.
 */
export const SKILL_SOURCE_OF_CATALOG_SOURCE: Readonly<Record<CatalogSource, SkillSource>> =
  Object.freeze({
    personal: "userSettings",
    instance: "policySettings",
    plugin: "plugin",
    bundled: "built-in",
  });

/** The SkillSource of a catalog entry (see SKILL_SOURCE_OF_CATALOG_SOURCE). */
export function skillSourceOf(entry: Pick<SkillCatalogEntry, "catalogSource">): SkillSource {
  return SKILL_SOURCE_OF_CATALOG_SOURCE[entry.catalogSource];
}

/**
 * The input of `skill.prompt` for a skill the canonical reader served: its name, the prompt text
 * (the body as served unless `text` says otherwise, such as an expansion), the bounded JSON-safe
 * frontmatter and its problem, whose words it is, the registering plugin's name for plugin and
 * bundled skills, and the real path it was read from. Never reads the file again.
 */
export function skillPromptInputOf(
  read: Extract<SkillReadResult, { ok: true }>,
  text: string = read.body,
): SkillPromptInput {
  const source = skillSourceOf(read.entry);
  const fromPlugin =
    read.entry.catalogSource === "plugin" || read.entry.catalogSource === "bundled";
  return {
    skill: read.entry.name,
    text,
    frontmatter: read.frontmatter,
    ...(read.frontmatterProblem === undefined
      ? {}
      : { frontmatterProblem: read.frontmatterProblem }),
    source,
    ...(fromPlugin ? { pluginName: read.entry.plugin } : {}),
    path: read.path,
  };
}
