import type { z } from "zod";
import { refuse, type SkillRefusal } from "./refusal.js";
import { NewSkillSchema } from "./skill-schemas.js";

/** A new skill, checked: what `POST /plugins/skills`, CreateSkill and the reviewer write. */
export interface NewSkill {
  readonly name: string;
  readonly description: string;
  readonly content: string;
  readonly disableModelInvocation?: boolean;
  readonly userInvocable?: boolean;
}

/** A partial edit, checked: only the fields given change; every other frontmatter key is kept. */
export interface SkillEdit {
  readonly description?: string;
  readonly content?: string;
  readonly disableModelInvocation?: boolean;
  readonly userInvocable?: boolean;
}

/**
 * Checks a new skill outside HTTP (the CreateSkill tool's arguments) with the routes' own
 * {@link NewSkillSchema}: the skill, or an `invalid-input` refusal naming the field under
 * `prefix` and the rule (`arguments.name: must be ...`).
 */
export function checkNewSkill(value: unknown, prefix: string): NewSkill | SkillRefusal {
  const parsed = NewSkillSchema.safeParse(value);
  if (parsed.success) return newSkillOf(parsed.data);
  const issue = parsed.error.issues[0];
  const field = [prefix, ...(issue?.path ?? []).map(String)].join(".");
  return refuse("invalid-input", `${field}: ${issue?.message ?? "is invalid"}`);
}

/** A parsed new skill, its absent flags left out. */
export function newSkillOf(body: z.output<typeof NewSkillSchema>): NewSkill {
  return withoutUndefined({ ...editOf(body), name: body.name }) as NewSkill;
}

/** The edit fields a parsed body gives (absent ones left out, so they are kept on disk). */
export function editOf(
  body: { readonly [K in keyof SkillEdit]?: SkillEdit[K] | undefined },
): SkillEdit {
  return withoutUndefined({
    description: body.description,
    content: body.content,
    disableModelInvocation: body.disableModelInvocation,
    userInvocable: body.userInvocable,
  }) as SkillEdit;
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
