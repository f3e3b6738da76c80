import type { SkillCatalogControl } from "@elowen/plugin-api/skills";
import type { SkillFiles } from "./skill-files.js";

/** What the route handlers need: the file owner, the live catalog and the caller-owned reload. */
export interface SkillRoutesDeps {
  readonly files: SkillFiles;
  readonly catalog: SkillCatalogControl;
  /** Replaces the complete skill set in the catalog; called after every successful mutation. */
  readonly reload: () => Promise<void>;
  /** This plugin's name, as catalog entries record it. */
  readonly pluginName: string;
}
