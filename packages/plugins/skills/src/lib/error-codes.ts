/** A skill catalog could not be built or read; the cause keeps any typed instance condition. */
export const SKILLS_CATALOG_FAILED = "skills.catalog_failed";
/** A skill file could not be read through the canonical reader (SkillLoad, listing, invocation). */
export const SKILLS_FILE_READ_FAILED = "skills.file_read_failed";
/** Expanding an explicit `/skill:name` invocation in an input transform failed. */
export const SKILLS_INPUT_TRANSFORM_FAILED = "skills.input_transform_failed";
/** An ownership transfer (move of a skill between owners) failed in a reportable way. */
export const SKILLS_MOVE_FAILED = "skills.move_failed";
/** A skill edit (PATCH, create or reviewer write) failed in a reportable way. */
export const SKILLS_EDIT_FAILED = "skills.edit_failed";
/** Restoring a skill's original location after a failed move did not succeed; always reportable. */
export const SKILLS_ROLLBACK_FAILED = "skills.rollback_failed";

/**
 * Every `skills.*` error code this plugin throws (as `ElowenError` codes), for exhaustive tables.
 * The first three are named by the Skills plugin contract (problem reporting audiences); move,
 * edit and rollback name its move and edit producers' reportable failures (local errno refusals
 * never become these errors).
 */
export const SKILLS_ERROR_CODES = [
  SKILLS_CATALOG_FAILED,
  SKILLS_FILE_READ_FAILED,
  SKILLS_INPUT_TRANSFORM_FAILED,
  SKILLS_MOVE_FAILED,
  SKILLS_EDIT_FAILED,
  SKILLS_ROLLBACK_FAILED,
] as const;

/** One of {@link SKILLS_ERROR_CODES}. */
export type SkillsErrorCode = (typeof SKILLS_ERROR_CODES)[number];
