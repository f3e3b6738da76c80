/**
 * `@elowen/plugin-shared/atomicText`: the one atomic text writer (temporary file, fsync, rename,
 * directory fsync; serialized per path) and the name pattern of its temporary files, so that a
 * start-up sweep can recognise and remove the ones a killed writer left behind.
 */

export type { AtomicTextErrorCode } from "./codes.js";
export { ATOMIC_TEXT_INVALID_INPUT, ATOMIC_TEXT_WRITE_FAILED } from "./codes.js";
export type { AtomicTempName } from "./temp-name.js";
export { ATOMIC_TEMP_PATTERN, ATOMIC_TEMP_SUFFIX, parseAtomicTempName } from "./temp-name.js";
export type { WriteTextOptions } from "./write-text.js";
export { writeTextAtomic } from "./write-text.js";
