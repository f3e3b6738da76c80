import type { Access } from "@elowen/plugin-api/access";
import type { SkillCatalogControl, SkillCatalogEntry } from "@elowen/plugin-api/skills";
import { ElowenError } from "@elowen/plugin-shared/errors";
import { SKILLS_CATALOG_FAILED } from "./error-codes.js";

/** Awaits the reader's current visible catalog, keeping a failure's typed cause in `skills.catalog_failed`. */
export async function visible(
  catalog: SkillCatalogControl,
  access: Access,
): Promise<readonly SkillCatalogEntry[]> {
  try {
    return await catalog.visibleSkills(access);
  } catch (error) {
    throw new ElowenError({
      code: SKILLS_CATALOG_FAILED,
      summary: "could not read the skill catalog",
      cause: error,
    });
  }
}

/** Names other plugins' skills use in the reader's current catalog (this plugin's own are checked on disk). */
export async function reservedNames(
  catalog: SkillCatalogControl,
  access: Access,
  pluginName: string,
): Promise<Set<string>> {
  const entries = await visible(catalog, access);
  return new Set(entries.filter((entry) => entry.plugin !== pluginName).map((entry) => entry.name));
}
