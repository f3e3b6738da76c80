import { isAbsolute, relative, resolve, sep } from "node:path";
import { CATALOG_SOURCES, type CatalogSource, type PluginSkill } from "@elowen/plugin-api/skills";
import { unsafeNameReason } from "../rules/agent-skills-rules.js";
import { skillKey } from "./catalog-state.js";
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
  const { catalogSource, ownerUserId } = checkOwnership(
    where,
    skill.catalogSource,
    skill.ownerUserId,
    "skill",
  );
  return {
    name: name as string,
    description: skill.description,
    filePath,
    baseDir,
    ownerUserId,
    catalogSource,
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

/**
 * Checks a registration's source and owner: `catalogSource` one of CATALOG_SOURCES (default
 * `plugin`), `ownerUserId` a non-negative integer or absent, and an owner for a personal one.
 */
export function checkOwnership(
  where: string,
  catalogSource: unknown,
  ownerUserId: unknown,
  noun: "skill" | "source",
): { readonly catalogSource: CatalogSource; readonly ownerUserId: number | null } {
  const source = catalogSource ?? "plugin";
  if (!CATALOG_SOURCES.includes(source as CatalogSource)) {
    invalidSkill(
      where,
      "catalogSource",
      `one of ${CATALOG_SOURCES.join(", ")}`,
      source,
      `pick the source the ${noun} comes from`,
    );
  }
  if (
    ownerUserId !== undefined &&
    !(Number.isSafeInteger(ownerUserId) && (ownerUserId as number) >= 0)
  ) {
    invalidSkill(
      where,
      "ownerUserId",
      "a non-negative integer account id, or undefined",
      ownerUserId,
      "pass the owning account's id",
    );
  }
  if (source === "personal" && ownerUserId === undefined) {
    invalidSkill(
      where,
      "ownerUserId",
      `an owner for a personal ${noun}`,
      ownerUserId,
      "set ownerUserId to the account whose store holds it",
    );
  }
  return {
    catalogSource: source as CatalogSource,
    ownerUserId: (ownerUserId as number | undefined) ?? null,
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

/**
 * Checks a plugin's complete set: an array of well-formed skills, no two with the same owner and
 * name. Throws `skill_catalog.invalid_skill` for the first problem, naming the skill's index.
 */
export function checkSkillSet(plugin: string, skills: readonly PluginSkill[]): CheckedSkill[] {
  const name = pluginLabel(plugin);
  if (!Array.isArray(skills)) {
    invalidSkill(
      `reload of plugin ${name}`,
      "skills",
      "an array of skills",
      skills,
      "pass the plugin's complete set",
    );
  }
  const keys = new Set<string>();
  return skills.map((skill, at) => {
    const checked = checkSkill(skill, `skill ${at} of plugin ${name}`);
    const key = skillKey(checked.ownerUserId, checked.name);
    if (keys.has(key)) {
      invalidSkill(
        `skill ${at} of plugin ${name}`,
        "name",
        "a name unique in the set for its owner (names that look the same, such as NFC and NFD spellings or look-alike letters, count as one)",
        checked.name,
        "drop or rename the duplicate",
      );
    }
    keys.add(key);
    return checked;
  });
}

/** The plugin's name, quoted for messages; throws for an empty or non-string name. */
export function pluginLabel(plugin: unknown): string {
  if (typeof plugin !== "string" || plugin.trim() === "") {
    invalidSkill(
      "skill registration",
      "plugin",
      "the registering plugin's name",
      plugin,
      "pass the plugin's manifest name",
    );
  }
  return JSON.stringify(plugin);
}
