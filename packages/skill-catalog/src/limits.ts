/**
 * The caps this package adds to the ones @elowen/plugin-api names (frontmatter depth, values and
 * characters; name and description lengths). These are ours, not the contract's.
 */

/**
 * The largest `SKILL.md` the canonical reader opens, in bytes (8 MiB). A skill file is
 * instructions for a model; anything larger is refused as unreadable rather than held in memory.
 */
export const SKILL_FILE_MAX_BYTES = 8 * 1024 * 1024;

/**
 * How many YAML aliases one frontmatter block may expand, the same default as `yaml`'s
 * `maxAliasCount`. Past it the block is handed as `{}` with a `frontmatterProblem`: together with
 * the value bound this stops a billion-laughs block before it allocates.
 */
export const SKILL_FRONTMATTER_MAX_ALIASES = 100;

/** Lines one SkillLoad page serves when the caller gives no limit. */
export const SKILL_LOAD_DEFAULT_LIMIT = 2000;

/** The text that opens an explicit invocation: `/skill:name rest`. */
export const SKILL_INVOCATION_PREFIX = "/skill:";
