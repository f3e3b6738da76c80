import type { ChainDispatcher } from "@elowen/plugin-api/chains";
import type { SkillCatalogControl } from "@elowen/plugin-api/skills";
import {
  createSkillCatalogControl,
  type SkillCatalog,
  skillPromptInputOf,
} from "@elowen/skill-catalog";
import { currentAccess } from "../call-scope/access-scope.js";
import { currentTurn } from "../call-scope/turn-scope.js";

/**
 * A plugin's `ctx.skillCatalog`: @elowen/skill-catalog's control over the host's catalog, with the
 * current access taken from the request or turn running now. `readSkill(name, { args })`
 * substitutes the arguments into what it serves (the control's own contract).
 *
 * A skill read inside a turn (SkillLoad) or for an invocation (`/skill:name`, read with
 * `invocation` while the prompt is transformed) is being expanded for the model, so the read
 * raises `skill.prompt` with the served body as its text, the bounded frontmatter,
 * whose words they are and where the file is. When a hook answers another text, that text is the
 * body served and the whole-file `source` is left out, so a caller that pages over the source
 * pages over what the hook decided the model reads. Any other read (a management route) raises
 * nothing. With no `skill.prompt` hook the read is served as it is.
 */
export function hostSkillCatalogControl(
  catalog: SkillCatalog,
  plugin: string,
  hooks?: ChainDispatcher,
): SkillCatalogControl {
  const control = createSkillCatalogControl(catalog, plugin, { currentAccess });
  if (hooks === undefined) return control;
  return {
    ...control,
    async readSkill(name, options) {
      const read = await control.readSkill(name, options);
      const turn = currentTurn();
      const forModel = turn !== undefined || options?.invocation !== undefined;
      if (!read.ok || !forModel || !hooks.has("skill.prompt")) return read;
      const access = options?.access ?? currentAccess();
      const sessionId = turn?.sessionId ?? access.sessionId;
      const result = await hooks.run(
        "skill.prompt",
        skillPromptInputOf(read),
        (e) => ({ text: e.text }),
        { ...(sessionId === undefined ? {} : { sessionId }), userId: access.userId },
      );
      if (result.text === read.body) return read;
      const { source: _wholeFile, ...rest } = read;
      return { ...rest, body: result.text };
    },
  };
}
