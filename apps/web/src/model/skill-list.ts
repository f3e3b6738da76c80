import { type SkillDiagnostic, type SkillListRow, SkillListSchema } from "@elowen/wire";

/**
 * Reads the list route's answer (untrusted JSON): its rows, or a sentence naming the first field
 * that breaks the rule (`skills[2].catalogSource: …`), so one malformed row is reported instead of
 * breaking the whole page.
 */
export function parseSkillList(body: unknown):
  | {
      readonly ok: true;
      readonly rows: SkillListRow[];
      readonly diagnostics: SkillDiagnostic[];
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
