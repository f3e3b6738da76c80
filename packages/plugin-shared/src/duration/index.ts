/**
 * `@elowen/plugin-shared/duration`: the one compact duration formatter for card and tool-row
 * durations, and the rule for what a record with or without timing displays.
 */
export { formatDuration } from "./format-duration.js";
export type { DisplayTiming } from "./format-timing.js";
export { formatTiming } from "./format-timing.js";
