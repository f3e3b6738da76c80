import type { SkillCatalogControl } from "@elowen/plugin-api";
import { parseArguments, substituteArguments } from "@elowen/prompt-compose";
import { countLines, createSkillCatalogControl, type SkillCatalog } from "@elowen/skill-catalog";
import { currentAccess } from "./access-scope.js";

/**
 * A plugin's `ctx.skillCatalog`: @elowen/skill-catalog's control over the host's catalog, the
 * current access taken from the request or turn running now, and `readSkill(name, { args })`
 * substituting the arguments (`$ARGUMENTS`, `$@`, `$1`..`$9`, `${N:-default}`, `${@:N}`, parsed
 * as prompt commands parse theirs) into the body and the whole source it answers, its line count
 * then the substituted source's. Without `args` the skill is served as written.
 */
export function hostSkillCatalogControl(
  catalog: SkillCatalog,
  plugin: string,
): SkillCatalogControl {
  const control = createSkillCatalogControl(catalog, plugin, { currentAccess });
  return {
    ...control,
    async readSkill(name, options) {
      const read = await control.readSkill(name, options);
      if (!read.ok || options?.args === undefined) return read;
      const args = parseArguments(options.args);
      const source = read.source === undefined ? undefined : substituteArguments(read.source, args);
      return {
        ...read,
        body: substituteArguments(read.body, args),
        ...(source === undefined ? {} : { source, lineCount: countLines(source) }),
      };
    },
  };
}
