/** A file that exists but does not hold one valid UTF-8 JSON document; its bytes are untouched. */
export const ATOMIC_JSON_INVALID = "atomic_json.invalid";
/** A file larger than the read limit; nothing of it was parsed. */
export const ATOMIC_JSON_TOO_LARGE = "atomic_json.too_large";
/** Reading failed for a reason other than a missing file; the errno error is the cause. */
export const ATOMIC_JSON_READ_FAILED = "atomic_json.read_failed";
/** A value JSON cannot represent faithfully; nothing was written. */
export const ATOMIC_JSON_NOT_SERIALIZABLE = "atomic_json.not_serializable";
/** Writing, syncing or renaming failed; the errno error is the cause and the old file stands. */
export const ATOMIC_JSON_WRITE_FAILED = "atomic_json.write_failed";

/** Every code the atomicJson helpers throw with (as ElowenError `code`). */
export type AtomicJsonErrorCode =
  | typeof ATOMIC_JSON_INVALID
  | typeof ATOMIC_JSON_TOO_LARGE
  | typeof ATOMIC_JSON_READ_FAILED
  | typeof ATOMIC_JSON_NOT_SERIALIZABLE
  | typeof ATOMIC_JSON_WRITE_FAILED;
