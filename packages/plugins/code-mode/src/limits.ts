/**
 * The fixed bounds of code mode: names and caps the host and the model can rely on. Per-host
 * tunables (yield deadline, memory, ...) live in `options.ts`; these do not change.
 */

/** The wrapper tool that runs a script (exec takes only the script). */
export const EXEC_TOOL_NAME = "exec";
/** The wrapper tool that returns to a running cell. */
export const WAIT_TOOL_NAME = "wait";

/**
 * Tools that are model-only whatever the host passes: never callable from a script and never
 * withdrawn from the model's surface (native ShowView is model-only).
 */
export const MODEL_ONLY_TOOLS: readonly string[] = ["ShowView"];

/** An exec script is at most this many characters. */
export const MAX_SCRIPT_CHARS = 100_000;
/** The JSON of one nested call's arguments is at most this many characters. */
export const MAX_NESTED_ARGS_CHARS = 1_000_000;
/** A nested result's text passed into a script is at most this many characters. */
export const MAX_NESTED_RESULT_CHARS = 2_000_000;
/** A script may hold at most this many pending `setTimeout` timers at once. */
export const MAX_SANDBOX_TIMERS = 1000;
/** One tool's description and parameter schema, as the exec description lists them, are cut at this many characters. */
export const MAX_TOOL_DOC_CHARS = 4000;
/** A cell id the model passes to `wait` is at most this many characters. */
export const MAX_CELL_ID_CHARS = 32;
