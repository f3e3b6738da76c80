import type { CommandAlias } from "@elowen/plugin-api/commands";
import { COMMAND_NAME_PATTERN } from "@elowen/plugin-api/limits";
import type { SkillCatalogEntry } from "@elowen/plugin-api/skills";
import { SKILL_INVOCATION_PREFIX } from "../limits.js";

/**
 * Projects the user projection into direct input aliases: each skill whose name is a valid command
 * name (COMMAND_NAME_PATTERN, one to 32 characters) and is not a core or static plugin command
 * (`reserved`, which wins every collision) becomes `/name` targeting `/skill:name`. Other skills
 * stay reachable through `/skills` only. Aliases are per account (a command provider's answer),
 * never instance-wide commands, and carry no skill body.
 */
export function aliasesOf(
  entries: readonly SkillCatalogEntry[],
  reserved: ReadonlySet<string>,
): CommandAlias[] {
  const aliases: CommandAlias[] = [];
  for (const entry of entries) {
    if (!entry.effective.user || reserved.has(entry.name) || !COMMAND_NAME_PATTERN.test(entry.name))
      continue;
    aliases.push({
      name: entry.name,
      description: entry.description,
      target: `${SKILL_INVOCATION_PREFIX}${entry.name}`,
    });
  }
  return aliases;
}
