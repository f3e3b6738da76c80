import { z } from "zod";

/** A YAML sequence in a skill's frontmatter, as JSON holds it. */
export interface SkillFrontmatterList extends ReadonlyArray<SkillFrontmatterValue> {}
/** One value in a skill's frontmatter: what JSON holds. Dates stay their text; NaN and infinities are null. */
export type SkillFrontmatterValue =
  | null
  | boolean
  | number
  | string
  | SkillFrontmatterList
  | SkillFrontmatter;
/**
 * What a skill's file declares above its text, parsed and JSON-safe, within 32 levels, 20,000
 * values and 100,000 characters; past a bound it is `{}` with a `frontmatterProblem`. No key is
 * `__proto__`, `constructor` or `prototype`.
 */
export interface SkillFrontmatter {
  readonly [key: string]: SkillFrontmatterValue;
}

const FORBIDDEN_KEYS = new Set(["__proto__", "constructor", "prototype"]);

function isFrontmatterValue(value: unknown, depth: number): boolean {
  if (value === null || typeof value === "boolean" || typeof value === "string") return true;
  if (typeof value === "number") return Number.isFinite(value);
  if (depth > 64) return false;
  if (Array.isArray(value)) return value.every((item) => isFrontmatterValue(item, depth + 1));
  return isFrontmatterObject(value, depth + 1);
}

function isFrontmatterObject(value: unknown, depth: number): boolean {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return false;
  // Own keys of the input itself: a parsed `__proto__` key is an own property here, which a
  // schema that rebuilds the object would silently turn into a prototype assignment.
  return Object.keys(value).every(
    (key) =>
      !FORBIDDEN_KEYS.has(key) &&
      isFrontmatterValue((value as Record<string, unknown>)[key], depth),
  );
}

/** True when `value` is JSON-safe frontmatter data with no `__proto__`, `constructor` or `prototype` key. */
export function isSkillFrontmatter(value: unknown): value is SkillFrontmatter {
  return isFrontmatterObject(value, 0);
}

/** A JSON-safe frontmatter value (no bounds: those are the reader's to apply while parsing). */
export const SkillFrontmatterValueSchema = z.custom<SkillFrontmatterValue>(
  (value) => isFrontmatterValue(value, 0),
  "JSON-safe data (null, boolean, finite number, string, list or object) with no __proto__, constructor or prototype keys",
);
/** A frontmatter object: free keys, none of them a prototype key; checked on the input as given. */
export const SkillFrontmatterSchema = z.custom<SkillFrontmatter>(
  isSkillFrontmatter,
  "a plain object of JSON-safe values with no __proto__, constructor or prototype keys",
);

/** Whose words a skill is. The list is open: a newer source is a word of its own. */
export type SkillSource =
  | "userSettings"
  | "projectSettings"
  | "policySettings"
  | "plugin"
  | "built-in"
  | "mcp"
  | "syncedSkills"
  | (string & {});

/** The input of `skill.prompt`: one skill's prompt as the engine expanded it. Hooks rewrite text and frontmatter only. */
export const SkillPromptInputSchema = z.strictObject({
  skill: z.string().min(1),
  text: z.string(),
  frontmatter: SkillFrontmatterSchema,
  frontmatterProblem: z.string().optional(),
  source: z.string(),
  pluginName: z.string().optional(),
  path: z.string().optional(),
});
/** The input of `skill.prompt`. */
export interface SkillPromptInput {
  readonly skill: string;
  readonly text: string;
  readonly frontmatter: SkillFrontmatter;
  readonly frontmatterProblem?: string;
  readonly source: SkillSource;
  readonly pluginName?: string;
  readonly path?: string;
}
/** `$.skill.prompt(args)`: frontmatter and source may be left out ({} and built-in). */
export type SkillPromptArgs = Omit<SkillPromptInput, "frontmatter" | "source"> &
  Partial<Pick<SkillPromptInput, "frontmatter" | "source">>;
/** What a `skill.prompt` hook returns. */
export const SkillPromptResultSchema = z.strictObject({ text: z.string() });
/** What a `skill.prompt` hook returns. */
export type SkillPromptResult = z.infer<typeof SkillPromptResultSchema>;
