import { ElowenError } from "@elowen/plugin-shared/errors";

/** The daemon's own invariants; a breach is a bug in the daemon, answered as a 500. */
export const INVARIANT_ERRORS = {
  accessMissing: "internal.access_missing",
  turnServicesInstalled: "internal.turn_services_installed",
} as const;
/** One invariant code. */
export type InvariantErrorCode = (typeof INVARIANT_ERRORS)[keyof typeof INVARIANT_ERRORS];

/**
 * A state the daemon's wiring rules out was reached (a route behind auth without an account, a
 * slot filled twice). Nothing a caller sent causes it; the message names the broken rule so the
 * report points at the code that broke it.
 */
export class InvariantError extends ElowenError<InvariantErrorCode> {
  override readonly name = "InvariantError";
}
