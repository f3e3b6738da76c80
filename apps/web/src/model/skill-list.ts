import { CATALOG_SOURCES } from "@elowen/plugin-api/skills";
import { z } from "zod";

/**
 * One row of `GET /plugins/skills/list` as the Skills settings read it (`catalogSource`
 * and `effective` are the sole scope and invocation-state fields; unknown fields, such as a
 * retired `scope` or `active`, are dropped). `revision` and `content` come only with the Skills
 * plugin's own personal and instance skills.
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

/** One remark of the catalog (given to administrators): a warning, or why a skill was left out. */
export const SkillDiagnosticSchema = z.object({
  code: z.string(),
  outcome: z.string(),
  path: z.string(),
  name: z.string().optional(),
  source: z.string().optional(),
  message: z.string(),
});

/** A remark of the catalog, as {@link SkillDiagnosticSchema} parsed it. */
export type SkillDiagnosticRow = z.infer<typeof SkillDiagnosticSchema>;

/** The body of `GET /plugins/skills/list`. */
export const SkillListSchema = z.object({
  skills: z.array(SkillListRowSchema),
  diagnostics: z.array(SkillDiagnosticSchema).default([]),
});

/** A row of the Skills catalog, as {@link SkillListRowSchema} parsed it. */
export type SkillListRow = z.infer<typeof SkillListRowSchema>;

/**
 * Reads the list route's answer (untrusted JSON): its rows, or a sentence naming the first field
 * that breaks the rule (`skills[2].catalogSource: …`), so one malformed row is reported instead of
 * breaking the whole page.
 */
export function parseSkillList(body: unknown):
  | {
      readonly ok: true;
      readonly rows: SkillListRow[];
      readonly diagnostics: SkillDiagnosticRow[];
    }
  | { readonly ok: false; readonly message: string } {
  const parsed = SkillListSchema.safeParse(body);
  if (parsed.success)
    return { ok: true, rows: parsed.data.skills, diagnostics: parsed.data.diagnostics };
  const issue = parsed.error.issues[0];
  const path = (issue?.path ?? [])
    .map((key, i) => (typeof key === "number" ? `[${key}]` : `${i === 0 ? "" : "."}${String(key)}`))
    .join("");
  return {
    ok: false,
    message: `The Skills catalog could not be read: ${path || "body"}: ${issue?.message ?? "unexpected shape"}`,
  };
}
