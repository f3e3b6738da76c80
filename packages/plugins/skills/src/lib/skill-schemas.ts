import {
  SKILL_DESCRIPTION_MAX_CHARS,
  SKILL_NAME_MAX_CHARS,
  SKILL_NAME_PATTERN,
} from "@elowen/plugin-api/limits";
import { z } from "zod";
import { SKILL_CONTENT_MAX_BYTES } from "./limits.js";

/**
 * The zod schemas of what a skill write carries: one set for the management routes (validated
 * at the host's boundary, listed in its OpenAPI document) and the CreateSkill tool. Messages name
 * the rule; the boundary puts the field's path before them (`body.description: ...`).
 */

const NAME_RULE = `must be 1 to ${SKILL_NAME_MAX_CHARS} lowercase letters, digits and single dashes, not starting or ending with a dash`;

/** A skill name: also a safe directory name (Agent Skills rule). */
export const SkillNameSchema = z
  .string({
    error: (issue) => (issue.input === undefined ? `is required: ${NAME_RULE}` : NAME_RULE),
  })
  .max(SKILL_NAME_MAX_CHARS, NAME_RULE)
  .regex(SKILL_NAME_PATTERN, NAME_RULE);

/** When to use the skill: a non-blank string of at most {@link SKILL_DESCRIPTION_MAX_CHARS}. */
export const SkillDescriptionSchema = z
  .string({ error: "is required: a non-blank string saying when to use the skill" })
  .max(SKILL_DESCRIPTION_MAX_CHARS, {
    error: (issue) =>
      `must be at most ${SKILL_DESCRIPTION_MAX_CHARS} characters, received ${String((issue.input as string).length)}`,
  })
  .refine(
    (text) => text.trim() !== "",
    "is required: a non-blank string saying when to use the skill",
  );

/** The skill's markdown instructions: at most {@link SKILL_CONTENT_MAX_BYTES} bytes of UTF-8. */
export const SkillContentSchema = z
  .string({ error: "is required: the skill's markdown instructions as a string" })
  .superRefine((text, ctx) => {
    const bytes = Buffer.byteLength(text, "utf8");
    if (bytes > SKILL_CONTENT_MAX_BYTES)
      ctx.addIssue({
        code: "custom",
        message: `must be at most ${SKILL_CONTENT_MAX_BYTES} bytes of UTF-8, received ${bytes}`,
      });
  })
  .describe(`the skill's markdown instructions, at most ${SKILL_CONTENT_MAX_BYTES} bytes of UTF-8`);

/** A content version a writer saw: a non-negative safe integer. */
export const RevisionSchema = z
  .number({ error: "must be a non-negative integer" })
  .int("must be a non-negative integer")
  .min(0, "must be a non-negative integer")
  .max(Number.MAX_SAFE_INTEGER, "must be a non-negative integer");

const FlagSchema = z.boolean({ error: "must be true or false" });

/** A strict object whose unknown keys are refused naming them and the allowed ones. */
function strict<S extends z.ZodRawShape>(shape: S) {
  const allowed = Object.keys(shape).join(", ");
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? `${issue.keys.join(", ")} is not a field of this request; allowed: ${allowed}`
        : "must be a JSON object",
  });
}

/** A new skill: `name`, `description` and `content` required, the two flags optional. */
export const NewSkillSchema = strict({
  name: SkillNameSchema,
  description: SkillDescriptionSchema,
  content: SkillContentSchema,
  disableModelInvocation: FlagSchema.optional(),
  userInvocable: FlagSchema.optional(),
});
/** A new skill, checked: what `POST /plugins/skills`, CreateSkill and the reviewer write. */
export type NewSkill = z.output<typeof NewSkillSchema>;

const EDIT_SHAPE = {
  expectedRevision: RevisionSchema.optional(),
  description: SkillDescriptionSchema.optional(),
  content: SkillContentSchema.optional(),
  disableModelInvocation: FlagSchema.optional(),
  userInvocable: FlagSchema.optional(),
};
const EDIT_FIELDS = ["description", "content", "disableModelInvocation", "userInvocable"] as const;

/** A PATCH body: a partial edit that changes at least one field, and an optional revision check. */
export const SkillPatchSchema = strict(EDIT_SHAPE).refine(
  (body) => EDIT_FIELDS.some((field) => body[field] !== undefined),
  `changes nothing: give ${EDIT_FIELDS.join(", ")}`,
);

/**
 * A transfer body: the destination `owner` (`"me"` or null, `"instance"`, or an account id as a
 * positive integer or its decimal string; its syntax and authorization stay with the handler, as
 * the routes' explicit-owner rules say) and an optional edit and revision check.
 */
export const SkillTransferSchema = strict({
  owner: z
    .union([z.string(), z.number(), z.null()], {
      error: 'must be "instance", "me" or an account id',
    })
    .optional(),
  ...EDIT_SHAPE,
});

/** A DELETE body: empty, or an optional revision check. */
export const SkillDeleteSchema = strict({ expectedRevision: RevisionSchema.optional() });

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const ARCHIVE_RULE = "must be the archive's bytes in base64 (a zip, a tar or a .tar.gz)";

/** An import body: `{ archive: "<base64>" }`. */
export const SkillImportSchema = strict({
  archive: z
    .string({ error: `is required: ${ARCHIVE_RULE}` })
    .refine((text) => text !== "" && text.length % 4 === 0 && BASE64.test(text), ARCHIVE_RULE),
});

/** The `:name` of a skill route. */
export const SkillParamsSchema = z.object({ name: SkillNameSchema });

/**
 * The `?owner=` of a mutation: `me`, `instance` or an account id. Read by the handler, which
 * answers a missing one with the exact owner-required body (`OWNER_REQUIRED_MESSAGE`).
 */
export const OwnerQuerySchema = z.object({
  owner: z
    .string()
    .optional()
    .describe('"me", "instance" or an account id; required by every mutation'),
});

/** A refusal's body. */
export const ErrorAnswerSchema = z.object({ error: z.string() });

/** A written skill's answer: its name, where it lives now and its new revision. */
export const WrittenAnswerSchema = z.object({
  skill: z.object({
    name: z.string(),
    catalogSource: z.enum(["personal", "instance"]),
    revision: z.number().int(),
  }),
});
