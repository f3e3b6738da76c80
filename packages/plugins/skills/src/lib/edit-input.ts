import { SKILL_DESCRIPTION_MAX_CHARS } from "@elowen/plugin-api/limits";
import { isRecord } from "@elowen/plugin-shared/record";
import { SKILL_CONTENT_MAX_BYTES } from "./limits.js";
import { isRefusal, refuse, type SkillRefusal } from "./refusal.js";
import { checkSkillName } from "./skill-paths.js";

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

/** An edit with its optional revision check (PATCH and transfer bodies). */
export interface CheckedEdit {
  readonly edit: SkillEdit;
  readonly expectedRevision?: number;
}

const NEW_KEYS = ["name", "description", "content", "disableModelInvocation", "userInvocable"];
const EDIT_KEYS = [
  "expectedRevision",
  "description",
  "content",
  "disableModelInvocation",
  "userInvocable",
];

/** Checks a create body: `name`, `description` and `content` required, the two flags optional, nothing else. */
export function checkNewSkill(value: unknown, prefix = "body"): NewSkill | SkillRefusal {
  if (!isRecord(value)) return refuse("invalid-input", `${prefix} must be a JSON object`);
  const unknown = unknownKey(value, NEW_KEYS, prefix);
  if (unknown) return unknown;
  const name = checkSkillName(value.name, `${prefix}.name`);
  if (typeof name !== "string") return name;
  const description = checkDescription(value.description, `${prefix}.description`);
  if (typeof description !== "string") return description;
  const content = checkContent(value.content, `${prefix}.content`);
  if (typeof content !== "string") return content;
  const flags = checkFlags(value, prefix);
  if (isRefusal(flags)) return flags;
  return { name, description, content, ...flags };
}

/**
 * Checks an edit body. `extraKeys` are allowed and left to the caller (a transfer's `owner`).
 * `requireChange` refuses a body that changes nothing (PATCH); a transfer may carry no edit.
 */
export function checkEdit(
  value: unknown,
  options: { readonly extraKeys?: readonly string[]; readonly requireChange: boolean },
  prefix = "body",
): CheckedEdit | SkillRefusal {
  if (value === undefined && !options.requireChange) return { edit: {} };
  if (!isRecord(value)) return refuse("invalid-input", `${prefix} must be a JSON object`);
  const unknown = unknownKey(value, [...EDIT_KEYS, ...(options.extraKeys ?? [])], prefix);
  if (unknown) return unknown;
  const edit: { -readonly [K in keyof SkillEdit]: SkillEdit[K] } = {};
  if (value.description !== undefined) {
    const description = checkDescription(value.description, `${prefix}.description`);
    if (typeof description !== "string") return description;
    edit.description = description;
  }
  if (value.content !== undefined) {
    const content = checkContent(value.content, `${prefix}.content`);
    if (typeof content !== "string") return content;
    edit.content = content;
  }
  const flags = checkFlags(value, prefix);
  if (isRefusal(flags)) return flags;
  Object.assign(edit, flags);
  if (options.requireChange && Object.keys(edit).length === 0) {
    return refuse(
      "invalid-input",
      `${prefix} changes nothing: give description, content, disableModelInvocation or userInvocable`,
    );
  }
  if (value.expectedRevision === undefined) return { edit };
  const revision = checkRevision(value.expectedRevision, `${prefix}.expectedRevision`);
  return typeof revision === "number" ? { edit, expectedRevision: revision } : revision;
}

/** Checks an `expectedRevision`: a non-negative integer (a safe one: revisions are content versions). */
export function checkRevision(value: unknown, field = "expectedRevision"): number | SkillRefusal {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0
    ? value
    : refuse(
        "invalid-input",
        `${field} must be a non-negative integer, received ${JSON.stringify(value) ?? "undefined"}`,
      );
}

function checkDescription(value: unknown, field: string): string | SkillRefusal {
  if (typeof value !== "string" || value.trim() === "") {
    return refuse(
      "invalid-input",
      `${field} is required: a non-blank string saying when to use the skill`,
    );
  }
  if (value.length > SKILL_DESCRIPTION_MAX_CHARS) {
    return refuse(
      "invalid-input",
      `${field} must be at most ${SKILL_DESCRIPTION_MAX_CHARS} characters, received ${value.length}`,
    );
  }
  return value;
}

function checkContent(value: unknown, field: string): string | SkillRefusal {
  if (typeof value !== "string")
    return refuse(
      "invalid-input",
      `${field} is required: the skill's markdown instructions as a string`,
    );
  const bytes = Buffer.byteLength(value, "utf8");
  if (bytes > SKILL_CONTENT_MAX_BYTES) {
    return refuse(
      "invalid-input",
      `${field} must be at most ${SKILL_CONTENT_MAX_BYTES} bytes of UTF-8, received ${bytes}`,
    );
  }
  return value;
}

function checkFlags(
  value: Record<string, unknown>,
  prefix: string,
): { disableModelInvocation?: boolean; userInvocable?: boolean } | SkillRefusal {
  const flags: { disableModelInvocation?: boolean; userInvocable?: boolean } = {};
  for (const key of ["disableModelInvocation", "userInvocable"] as const) {
    const flag = value[key];
    if (flag === undefined) continue;
    if (typeof flag !== "boolean")
      return refuse("invalid-input", `${prefix}.${key} must be true or false`);
    flags[key] = flag;
  }
  return flags;
}

function unknownKey(
  value: Record<string, unknown>,
  allowed: readonly string[],
  prefix: string,
): SkillRefusal | undefined {
  const extra = Object.keys(value).find((key) => !allowed.includes(key));
  return extra === undefined
    ? undefined
    : refuse(
        "invalid-input",
        `${prefix}.${extra} is not a field of this request; allowed: ${allowed.join(", ")}`,
      );
}
