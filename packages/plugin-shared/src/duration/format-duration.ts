const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const twoDigits = (value: number): string => String(value).padStart(2, "0");

/**
 * Formats elapsed milliseconds compactly for card and tool-row durations, the one formatter the
 * CLI and the web share. Every unit is truncated, never rounded up, so a display never runs ahead
 * of the clock and never shows a unit's full count (`59.9s`, not `60.0s`):
 * - below 1 s: whole milliseconds, `0ms` … `999ms`
 * - below 1 min: seconds with one decimal, `1.0s` … `59.9s`
 * - below 1 h: minutes and two-digit seconds, `1m 00s` … `59m 59s`
 * - below 1 day: hours and two-digit minutes, `1h 00m` … `23h 59m`
 * - from 1 day: days and hours, `1d 0h`, `3d 4h`, with no upper unit (`400d 0h`)
 *
 * A record without timing shows no duration, not zero: `undefined`, `null`, `NaN`, infinities and
 * negative numbers give `""`. Pure; never throws.
 */
export function formatDuration(ms: number | null | undefined): string {
  if (typeof ms !== "number" || !Number.isFinite(ms) || ms < 0) return "";
  if (ms < SECOND) return `${Math.floor(ms)}ms`;
  if (ms < MINUTE) {
    const tenths = Math.floor(ms / 100);
    return `${Math.floor(tenths / 10)}.${tenths % 10}s`;
  }
  if (ms < HOUR) {
    return `${Math.floor(ms / MINUTE)}m ${twoDigits(Math.floor((ms % MINUTE) / SECOND))}s`;
  }
  if (ms < DAY) {
    return `${Math.floor(ms / HOUR)}h ${twoDigits(Math.floor((ms % HOUR) / MINUTE))}m`;
  }
  return `${Math.floor(ms / DAY)}d ${Math.floor((ms % DAY) / HOUR)}h`;
}
