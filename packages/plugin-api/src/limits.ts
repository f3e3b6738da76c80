/**
 * Every cap, budget and pattern the specification names, exported once under the specification's
 * name. Where the specification gives a number without a name, the name here is ours and says so.
 */

/** A step-context provider's result is clamped to this many bytes of UTF-8. */
export const STEP_CONTEXT_MAX_BYTES = 1024;

/** A run-boundary patch carries at most this many entries (`RunBoundaryPatchSchema`). */
export const RUN_BOUNDARY_MAX_ENTRIES = 4;
/** A run gets at most this many granted continuations (`brain.run.beforeSettle`). */
export const RUN_BOUNDARY_MAX_CONTINUATIONS = 1;
/** A run-boundary message note is capped at this many bytes of UTF-8 (the name is ours). */
export const RUN_BOUNDARY_MESSAGE_MAX_BYTES = 1024;
/** A run-boundary record is capped at this many bytes of UTF-8 JSON (the name is ours). */
export const RUN_BOUNDARY_RECORD_MAX_BYTES = 4096;

/** One producer's trace payload holds at most this many records (`CodeModeTraceSink`). */
export const MAX_TRACE_RECORDS = 100;
/** One producer's trace payload holds at most this many bytes (128 KiB). */
export const MAX_TRACE_BYTES = 128 * 1024;
/** A share caption is capped at this many characters. */
export const SHARE_CAPTION_CHARS = 200;
/** At most this many successful shares per turn (five concurrent calls share at most four; the name is ours). */
export const MAX_SHARES_PER_TURN = 4;
/** ShareImage refuses an image larger than this (10 MiB). */
export const MAX_SHARED_IMAGE_BYTES = 10 * 1024 * 1024;
/**
 * `ctx.images.put` refuses an image larger than this (10 MiB, the ShareImage cap; the name is
 * ours): a tool result's image is stored and sent to the model at most this large.
 */
export const MAX_TOOL_IMAGE_BYTES = MAX_SHARED_IMAGE_BYTES;
/**
 * The image types `ctx.images.put` stores (ours): the ones every model provider reads. The bytes
 * must start as the type says (see `imageTypeOf` of `@elowen/plugin-api/images`).
 */
export const TOOL_IMAGE_MIME_TYPES = [
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
] as const;
/** ShareFile refuses a file larger than this (25 MiB; the share-file tool's `MAX_BYTES`). */
export const MAX_SHARED_FILE_BYTES = 25 * 1024 * 1024;

/** The host calls `authoringReason` at most once per this many milliseconds per streaming call. */
export const AUTHORING_THROTTLE_MS = 250;

/** An action's `openUrl` is capped at this many characters (the name is ours). */
export const OPEN_URL_MAX_CHARS = 4096;

/** Platform prompt fragments: at most this many files per plugin (the name is ours). */
export const PLATFORM_PROMPT_MAX_FILES = 16;
/** Platform prompt fragments: at most this many characters per file. */
export const PLATFORM_PROMPT_MAX_FILE_CHARS = 8000;
/** Platform prompt fragments: at most this many characters in total per plugin. */
export const PLATFORM_PROMPT_MAX_TOTAL_CHARS = 32000;

/** Hook budgets in milliseconds (`HOOK_NAMES`): two seconds unless named here. */
export const HOOK_DEFAULT_BUDGET_MS = 2000;
/** Budgets of the hooks that differ from the default. */
export const HOOK_BUDGETS_MS = {
  "tools.call.before": 3000,
  "brain.run.beforeSettle": 3000,
  "tools.call.after": 12000,
} as const;

/** AskUserQuestion: one to four questions (`AskQuestionSchema`). */
export const ASK_USER_MIN_QUESTIONS = 1;
export const ASK_USER_MAX_QUESTIONS = 4;
/** AskUserQuestion: two to four options per question. */
export const ASK_USER_MIN_OPTIONS = 2;
export const ASK_USER_MAX_OPTIONS = 4;
/** A single-select option's Markdown preview is capped at this many characters (ours). */
export const ASK_USER_PREVIEW_MAX_CHARS = 8000;

/** Skill frontmatter bounds (`SkillFrontmatter`): nesting depth. */
export const SKILL_FRONTMATTER_MAX_DEPTH = 32;
/** Skill frontmatter bounds: number of values. */
export const SKILL_FRONTMATTER_MAX_VALUES = 20000;
/** Skill frontmatter bounds: characters of the frontmatter block. */
export const SKILL_FRONTMATTER_MAX_CHARS = 100000;
/** Agent Skills: a skill name is at most 64 characters. */
export const SKILL_NAME_MAX_CHARS = 64;
/** Agent Skills: a description is at most 1,024 characters. */
export const SKILL_DESCRIPTION_MAX_CHARS = 1024;
/** Agent Skills name rule: lowercase letters, digits and single dashes, not at either end. */
export const SKILL_NAME_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Slash command names: one to 32 lowercase letters, digits and dashes. */
export const COMMAND_NAME_PATTERN = /^[a-z0-9][a-z0-9-]{0,31}$/;
/** Registered prompt template names: lowercase with slashes, dashes and underscores (ours). */
export const PROMPT_TEMPLATE_NAME_PATTERN = /^[a-z0-9][a-z0-9_-]*(?:\/[a-z0-9][a-z0-9_-]*)*$/;

/** A context entry past this many characters is read as a head and a path. */
export const PROMPT_CONTEXT_ENTRY_MAX_CHARS = 100000;
/** Context entries past this many characters together are read as heads and paths. */
export const PROMPT_CONTEXT_TOTAL_MAX_CHARS = 200000;
/** One `$.prompt.media` call answers at most this many bytes (4 MiB). */
export const PROMPT_MEDIA_MAX_BYTES = 4 * 1024 * 1024;

/** The post-turn skill reviewer's default cadence in successful tool calls. */
export const SKILL_REVIEW_DEFAULT_INTERVAL = 100;
/** The OAuth quota's weekly window, exactly 10,080 minutes. */
export const SKILL_REVIEW_QUOTA_WINDOW_MINUTES = 10080;
/** Finite weekly usage at or above this percentage blocks a review (`quota`). */
export const SKILL_REVIEW_QUOTA_BLOCK_PERCENT = 90;
/** The reviewer registration contract version the host accepts (`SkillReviewerRegistration`). */
export const SKILL_REVIEWER_CONTRACT_VERSION = 2;
