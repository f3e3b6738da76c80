/** The text or options given to `writeTextAtomic` are not what it takes; nothing was written. */
export const ATOMIC_TEXT_INVALID_INPUT = "atomic_text.invalid_input";
/** Writing, syncing or renaming failed; the errno error is the cause and the old file stands. */
export const ATOMIC_TEXT_WRITE_FAILED = "atomic_text.write_failed";

/** Every code `writeTextAtomic` throws with (as ElowenError `code`). */
export type AtomicTextErrorCode =
  | typeof ATOMIC_TEXT_INVALID_INPUT
  | typeof ATOMIC_TEXT_WRITE_FAILED;
