import type { FsRefusal } from "@elowen/plugin-shared/errors";

/**
 * Why the file owner refused an operation, as a value the routes and tools switch on. Every
 * refusal comes before any write or reload; each code maps to one HTTP status in the routes.
 */
export const SKILL_REFUSAL_CODES = [
  "owner-required",
  "owner-invalid",
  "invalid-input",
  "no-personal-target",
  "forbidden",
  "account-missing",
  "not-found",
  "redirected",
  "exists",
  "stale-revision",
  "not-agent-marked",
  "fs-refusal",
] as const;
/** One of {@link SKILL_REFUSAL_CODES}. */
export type SkillRefusalCode = (typeof SKILL_REFUSAL_CODES)[number];

/** A refusal: its code, a message a person can act on, and for `fs-refusal` the errno refusal. */
export interface SkillRefusal {
  readonly ok: false;
  readonly code: SkillRefusalCode;
  readonly message: string;
  readonly fsRefusal?: FsRefusal;
}

/** Builds a refusal. */
export function refuse(
  code: SkillRefusalCode,
  message: string,
  fsRefusal?: FsRefusal,
): SkillRefusal {
  return fsRefusal === undefined
    ? { ok: false, code, message }
    : { ok: false, code, message, fsRefusal };
}

/** True for a refusal value (anything else a file operation answers has `ok: true`). */
export function isRefusal(value: unknown): value is SkillRefusal {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { ok?: unknown }).ok === false &&
    typeof (value as { code?: unknown }).code === "string"
  );
}
