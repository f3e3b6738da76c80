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

/** A JSON-safe frontmatter value (no bounds: those are the reader's to apply while parsing). */
export const SkillFrontmatterValueSchema: z.ZodType<SkillFrontmatterValue> = z.lazy(() =>
  z.union([
    z.null(),
    z.boolean(),
    z.number().refine(Number.isFinite, "finite"),
    z.string(),
    z.array(SkillFrontmatterValueSchema),
    SkillFrontmatterSchema,
  ]),
);
/** A frontmatter object: free keys, none of them a prototype key. */
export const SkillFrontmatterSchema: z.ZodType<SkillFrontmatter> = z.lazy(() =>
  z
    .record(z.string(), SkillFrontmatterValueSchema)
    .refine(
      (record) => Object.keys(record).every((k) => !FORBIDDEN_KEYS.has(k)),
      "no __proto__, constructor or prototype keys",
    ),
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
