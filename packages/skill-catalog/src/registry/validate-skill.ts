import { isAbsolute, relative, resolve, sep } from "node:path";
import { CATALOG_SOURCES, type CatalogSource, type PluginSkill } from "@elowen/plugin-api";
import { unsafeNameReason } from "../rules/agent-skills-rules.js";
import { invalidSkill } from "./invalid-skill.js";

/** A registration with its defaults applied and its paths resolved. */
export interface CheckedSkill {
  readonly name: string;
  readonly description: string;
  readonly filePath: string;
  readonly baseDir: string;
  readonly ownerUserId: number | null;
  readonly catalogSource: CatalogSource;
  readonly disableModelInvocation: boolean;
  readonly userInvocable: boolean;
  readonly enabled: boolean;
}

/**
 * Checks one registered skill and applies its defaults (catalogSource `plugin`, user-invocable,
 * enabled, base directory = the file's directory). Throws `skill_catalog.invalid_skill` naming the
 * field and the rule: a name that can never be a key (empty, `.`/`..`, a path separator,
 * whitespace, a control character), an empty description, a relative path, a file outside its
 * base directory, an owner that is not a non-negative integer, a personal skill without an owner.
 * Names that merely break the Agent Skills rules load, with diagnostics (see the loader).
 */
export function checkSkill(skill: PluginSkill, where: string): CheckedSkill {
  if (typeof skill !== "object" || skill === null) {
    invalidSkill(
      where,
      "the skill",
      "an object with name, description and filePath",
      skill,
      "pass a PluginSkill",
    );
  }
  const name: unknown = skill.name;
  const unsafe = typeof name === "string" ? unsafeNameReason(name) : "is not a string";
  if (unsafe !== undefined) {
    invalidSkill(
      where,
      "name",
      `a skill name (it ${unsafe})`,
      name,
      "use lowercase letters, digits and dashes, like its directory",
    );
  }
  if (typeof skill.description !== "string" || skill.description.trim() === "") {
    invalidSkill(
      where,
      "description",
      "a non-empty string",
      skill.description,
      "say when the skill should be used",
    );
  }
  const filePath = absolute(where, "filePath", skill.filePath);
  const baseDir =
    skill.baseDir === undefined
      ? resolve(filePath, "..")
      : absolute(where, "baseDir", skill.baseDir);
  const inside = relative(baseDir, filePath);
  if (inside === "" || inside === ".." || inside.startsWith(`..${sep}`) || isAbsolute(inside)) {
    invalidSkill(
      where,
      "filePath",
      `a file inside baseDir ${baseDir}`,
      filePath,
      "register the skill's own SKILL.md with its directory as baseDir",
    );
  }
  const owner: unknown = skill.ownerUserId;
  if (owner !== undefined && !(Number.isSafeInteger(owner) && (owner as number) >= 0)) {
    invalidSkill(
      where,
      "ownerUserId",
      "a non-negative integer account id, or undefined",
      owner,
      "pass the owning account's id",
    );
  }
  const catalogSource: unknown = skill.catalogSource ?? "plugin";
  if (!CATALOG_SOURCES.includes(catalogSource as CatalogSource)) {
    invalidSkill(
      where,
      "catalogSource",
      `one of ${CATALOG_SOURCES.join(", ")}`,
      catalogSource,
      "pick the source the skill comes from",
    );
  }
  if (catalogSource === "personal" && owner === undefined) {
    invalidSkill(
      where,
      "ownerUserId",
      "an owner for a personal skill",
      owner,
      "set ownerUserId to the account whose store holds it",
    );
  }
  return {
    name: name as string,
    description: skill.description,
    filePath,
    baseDir,
    ownerUserId: (owner as number | undefined) ?? null,
    catalogSource: catalogSource as CatalogSource,
    disableModelInvocation: flag(
      where,
      "disableModelInvocation",
      skill.disableModelInvocation,
      false,
    ),
    userInvocable: flag(where, "userInvocable", skill.userInvocable, true),
    enabled: flag(where, "enabled", skill.enabled, true),
  };
}

function absolute(where: string, field: string, path: unknown): string {
  if (typeof path !== "string" || !isAbsolute(path) || path.includes("\0")) {
    invalidSkill(
      where,
      field,
      "an absolute path without NUL",
      path,
      `resolve ${field} against the plugin's directory`,
    );
  }
  return resolve(path);
}

function flag(where: string, field: string, value: unknown, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (typeof value !== "boolean")
    invalidSkill(where, field, "a boolean or undefined", value, `pass true or false for ${field}`);
  return value;
}
