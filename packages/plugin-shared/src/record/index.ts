/** `@elowen/plugin-shared/record`: the `isRecord` guard the Skills reviewer uses for its state. */

export type { UnknownRecord } from "./is-record.js";
export { isRecord } from "./is-record.js";
