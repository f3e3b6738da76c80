import { TestingError } from "./testing-error.js";

/** How long a wait for an event (or for a stream to open) lasts when the caller names no timeout. */
export const DEFAULT_WAIT_TIMEOUT_MS = 10_000;

/**
 * The longest timeout a wait accepts: Node's timers hold a signed 32-bit count of milliseconds and
 * fire at once past it, so a larger value would fail a wait immediately instead of never.
 */
export const MAX_WAIT_TIMEOUT_MS = 2_147_483_647;

/** Returns `value` (default {@link DEFAULT_WAIT_TIMEOUT_MS}) or throws naming `field` and the rule. */
export function waitTimeout(field: string, value: number | undefined): number {
  if (value === undefined) return DEFAULT_WAIT_TIMEOUT_MS;
  if (!Number.isInteger(value) || value < 1 || value > MAX_WAIT_TIMEOUT_MS)
    throw new TestingError(
      "invalid_option",
      `${field} must be a whole number of milliseconds from 1 to ${MAX_WAIT_TIMEOUT_MS} (got ${String(value)})`,
    );
  return value;
}
