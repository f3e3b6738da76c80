import type { SkillCatalogControl } from "@elowen/plugin-api";
import { createSkillCatalogControl, type SkillCatalog } from "@elowen/skill-catalog";
import { currentAccess } from "./access-scope.js";

/**
 * A plugin's `ctx.skillCatalog`: @elowen/skill-catalog's control over the host's catalog, with the
 * current access taken from the request or turn running now. `readSkill(name, { args })`
 * substitutes the arguments into what it serves (the control's own contract).
 */
export function hostSkillCatalogControl(
  catalog: SkillCatalog,
  plugin: string,
): SkillCatalogControl {
  return createSkillCatalogControl(catalog, plugin, { currentAccess });
}
