import { describeValue, ElowenError } from "@elowen/plugin-shared/errors";

/** The code of the error a registration or reload with a malformed skill throws. */
export const SKILL_CATALOG_INVALID_SKILL = "skill_catalog.invalid_skill";

/** Throws the error for a malformed field of a registered skill, naming it and the rule. */
export function invalidSkill(
  where: string,
  field: string,
  rule: string,
  received: unknown,
  fix: string,
): never {
  throw new ElowenError({
    code: SKILL_CATALOG_INVALID_SKILL,
    summary: `${where}: ${field} is invalid`,
    expected: rule,
    received: describeValue(received),
    fix,
  });
}
