/**
 * `@elowen/plugin-shared/atomicJson`: strict JSON reads (invalid bytes are an error and stay as
 * they are; a missing file is its own outcome) and atomic, compact JSON writes serialized per path.
 */

export type { AtomicJsonErrorCode } from "./codes.js";
export {
  ATOMIC_JSON_INVALID,
  ATOMIC_JSON_NOT_SERIALIZABLE,
  ATOMIC_JSON_READ_FAILED,
  ATOMIC_JSON_TOO_LARGE,
  ATOMIC_JSON_WRITE_FAILED,
} from "./codes.js";
export type { JsonReadResult, ReadJsonOptions } from "./read-json.js";
export { JSON_READ_MAX_BYTES, readJsonStrict } from "./read-json.js";
export type { WriteJsonOptions } from "./write-json.js";
export { writeJsonAtomic } from "./write-json.js";
