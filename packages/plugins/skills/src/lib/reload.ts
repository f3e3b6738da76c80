import type { PluginLogger } from "@elowen/plugin-api";
import type { SkillCatalogControl } from "@elowen/plugin-api/skills";
import { ElowenError } from "@elowen/plugin-shared/errors";
import { SKILLS_CATALOG_FAILED } from "./error-codes.js";
import type { SkillScan } from "./skill-scan.js";

/**
 * Builds the caller-owned reload: scan this plugin's files and replace its complete skill set in
 * the live catalog through `requestReload`. Calls made while a reload runs share one more reload
 * after it, so every caller's change is in the set it awaits, and no two reloads overlap. Skills
 * left out by the scan are logged as warnings; a failed reload rejects with `skills.catalog_failed`
 * (its cause kept).
 */
export function createReloader(
  scan: () => Promise<SkillScan>,
  catalog: Pick<SkillCatalogControl, "requestReload">,
  log: Pick<PluginLogger, "warn">,
): () => Promise<void> {
  let running: Promise<void> | undefined;
  let next: Promise<void> | undefined;

  const once = async (): Promise<void> => {
    try {
      const { skills, problems } = await scan();
      for (const problem of problems) log.warn(`skill left out of the catalog: ${problem}`);
      await catalog.requestReload(skills);
    } catch (error) {
      throw new ElowenError({
        code: SKILLS_CATALOG_FAILED,
        summary: "could not reload the skill catalog",
        cause: error,
      });
    }
  };
  const start = (): Promise<void> => {
    const current = once().finally(() => {
      if (running === current) running = undefined;
    });
    running = current;
    return current;
  };

  return () => {
    if (next) return next;
    if (!running) return start();
    const queued: Promise<void> = running
      .catch(() => undefined)
      .then(() => {
        next = undefined;
        return start();
      });
    next = queued;
    return queued;
  };
}
