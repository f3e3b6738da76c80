import type { SkillCatalogControl } from "@elowen/plugin-api";
import type { PluginRegistry } from "./registry.js";

/**
 * The live skill catalog control handed to each plugin (`ctx.skillCatalog`). It is served by
 * @elowen/skill-catalog once that package is wired; until then every call fails with a message
 * saying so, rather than answering from a second catalog.
 */
export function createSkillCatalogHost(
  _registry: PluginRegistry,
): (plugin: string) => SkillCatalogControl {
  const unavailable = (method: string) => () => {
    throw new Error(
      `skillCatalog.${method}: the live skill catalog is not available in this build of the daemon`,
    );
  };
  return () => ({
    visibleSkills: unavailable("visibleSkills"),
    visibleEntries: unavailable("visibleEntries"),
    canonicalBaseDir: unavailable("canonicalBaseDir"),
    readSkill: unavailable("readSkill"),
    requestReload: unavailable("requestReload"),
  });
}
