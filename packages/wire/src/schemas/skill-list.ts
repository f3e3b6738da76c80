import { CATALOG_SOURCES } from "@elowen/plugin-api/skills";
import { z } from "zod";
import { SkillDiagnosticSchema } from "./skill-sources.js";

/** The Skills plugin's listing route, `GET /plugins/skills/list`. */
export const SKILLS_LIST_PATH = "/plugins/skills/list";

/**
 * One row of `GET /plugins/skills/list` (`catalogSource` and `effective` are the sole
 * scope and invocation-state fields; unknown fields, such as a retired `scope` or `active`, are
 * dropped). `revision` and `content` come only with the Skills plugin's own personal and instance
 * skills.
 */
export const SkillListRowSchema = z.object({
  name: z.string().min(1),
  description: z.string(),
  plugin: z.string(),
  catalogSource: z.enum(CATALOG_SOURCES),
  effective: z.object({ model: z.boolean(), user: z.boolean() }),
  lineCount: z.number().int().nonnegative().nullable(),
  revision: z.number().int().nonnegative().optional(),
  content: z.string().optional(),
});
/** One row of the Skills plugin's listing. */
export type SkillListRow = z.infer<typeof SkillListRowSchema>;

/**
 * `GET /plugins/skills/list`: the skills the caller may see and, for administrators, every remark
 * of the catalog (`diagnostics`, empty when absent).
 */
export const SkillListSchema = z.object({
  skills: z.array(SkillListRowSchema),
  diagnostics: z.array(SkillDiagnosticSchema).default([]),
});
/** `GET /plugins/skills/list`. */
export type SkillList = z.infer<typeof SkillListSchema>;
