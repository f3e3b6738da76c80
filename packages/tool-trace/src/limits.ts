/**
 * Caps of this package that the specification leaves unnamed (the names are ours). The named ones,
 * `MAX_TRACE_RECORDS`, `MAX_TRACE_BYTES`, `SHARE_CAPTION_CHARS` and `MAX_SHARES_PER_TURN`, live in
 * `@elowen/plugin-api`.
 */

/**
 * Bytes kept free for the minimal form of every row a producer may still record: a display upgrade
 * (arguments, output, images, timing) may not eat into `(MAX_TRACE_RECORDS - rows) * this`, so a
 * large early output cannot starve later rows.
 */
export const TRACE_ROW_RESERVE_BYTES = 256;
/** A settled record keeps at most this many characters of output (its tail). */
export const TRACE_OUTPUT_MAX_CHARS = 4000;
/** A progress note keeps at most this many characters. */
export const TRACE_NOTE_MAX_CHARS = 2000;
/** Output cut shorter than this is dropped rather than kept as a stub. */
export const TRACE_OUTPUT_MIN_CHARS = 32;
