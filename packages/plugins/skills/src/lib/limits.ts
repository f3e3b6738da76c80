/**
 * The caps this plugin adds to the ones @elowen/plugin-api names. The contract gives none of these
 * numbers: every name and value here is ours.
 */

/** The largest `SKILL.md` this plugin reads or writes, in bytes of UTF-8 (1 MiB). */
export const SKILL_SOURCE_MAX_BYTES = 1024 * 1024;

/** The largest skill body a create or edit accepts, in bytes of UTF-8 (512 KiB). */
export const SKILL_CONTENT_MAX_BYTES = 512 * 1024;

/** Lines one SkillLoad page serves when the caller gives no limit, and the largest limit it takes. */
export const SKILL_LOAD_PAGE_LINES = 2000;

/** The text that opens an explicit invocation: `/skill:name rest`. */
export const SKILL_COMMAND_PREFIX = "/skill:";

/** Rows the `/skills` picker shows at most (the picker descriptor's own bound). */
export const SKILLS_PICKER_MAX_ROWS = 500;

/** The reviewer's directive lists at most this many visible skills. */
export const REVIEW_CATALOG_MAX_ENTRIES = 100;
/** A catalog description in the directive is clipped to this many characters. */
export const REVIEW_CATALOG_DESCRIPTION_CHARS = 200;
/** The directive offers at most this many patchable bodies. */
export const REVIEW_PATCHABLE_MAX = 4;
/** A proposed or offered skill body longer than this many characters is refused by the size guard. */
export const REVIEW_CONTENT_MAX_CHARS = 20_000;
/** The largest write budget an account may save (writes per review). */
export const REVIEW_BUDGET_MAX = 20;
/** The largest cadence an account may save, in successful tool calls. */
export const REVIEW_INTERVAL_MAX = 100_000;
/** The reviewer's persisted state file is refused past this many bytes. */
export const REVIEW_STATE_MAX_BYTES = 64 * 1024;
/** A `last.detail` line in the reviewer's state is clipped to this many characters. */
export const REVIEW_DETAIL_MAX_CHARS = 500;
