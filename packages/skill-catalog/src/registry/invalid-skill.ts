import { ElowenError } from "@elowen/plugin-shared/errors";

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
    received: describe(received),
    fix,
  });
}

function describe(value: unknown): string {
  if (typeof value === "string")
    return JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value);
  if (value === undefined || value === null) return String(value);
  if (typeof value === "object") return Array.isArray(value) ? "an array" : "an object";
  return `${typeof value} ${String(value)}`;
}
