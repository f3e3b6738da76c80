import { formatDuration } from "./format-duration.js";

/**
 * The display-only timing a card item or tool row may carry: `durationMs` once it has settled,
 * `startedAt` (epoch milliseconds) while it runs. Either, both or neither may be present.
 */
export interface DisplayTiming {
  readonly startedAt?: number | undefined;
  readonly durationMs?: number | undefined;
}

/**
 * The duration text for a card item or tool row: the settled `durationMs` when present, otherwise
 * the live elapsed time `now - startedAt` computed locally (clamped at zero, since the host's and
 * the client's clocks may disagree), otherwise `""`: a record without timing shows no duration.
 * `now` is epoch milliseconds, passed in so a client can tick it. Pure; never throws.
 */
export function formatTiming(timing: DisplayTiming, now: number): string {
  const { durationMs, startedAt } = timing;
  if (typeof durationMs === "number" && Number.isFinite(durationMs)) {
    return formatDuration(durationMs);
  }
  if (typeof startedAt !== "number" || !Number.isFinite(startedAt) || !Number.isFinite(now)) {
    return "";
  }
  return formatDuration(Math.max(0, now - startedAt));
}
