import { ElowenError } from "@elowen/plugin-shared/errors";

/** Why part of a boundary patch was refused, or why a continuation was not granted. */
export const RUN_BOUNDARY_PROBLEM_CODES = [
  "boundary.malformed_patch",
  "boundary.malformed_entry",
  "boundary.too_many_entries",
  "boundary.message_empty",
  "boundary.message_too_large",
  "boundary.record_too_large",
  "boundary.record_not_json",
  "boundary.continue_without_message",
  "boundary.continue_not_completed",
  "boundary.continue_cap_reached",
  "boundary.continue_already_granted",
  "boundary.emitter_failed",
] as const;
/** One {@link RUN_BOUNDARY_PROBLEM_CODES} code. */
export type RunBoundaryProblemCode = (typeof RUN_BOUNDARY_PROBLEM_CODES)[number];

/**
 * One refusal in a settlement: the plugin whose patch it was (absent for the emitter's own
 * failure), the entry's index in that patch when it concerns one entry, and a message that says
 * what the rule is and what arrived.
 */
export interface RunBoundaryProblem {
  readonly code: RunBoundaryProblemCode;
  readonly pluginName?: string;
  readonly entryIndex?: number;
  readonly message: string;
}

/** The codes of misuse of a {@link RunBoundary}'s state machine by its driver. */
export type RunBoundaryErrorCode =
  | "boundary.invalid_outcome"
  | "boundary.settle_in_flight"
  | "boundary.run_settled"
  | "boundary.invalid_options";

/**
 * Thrown (as a rejection of `settle`, or by the constructor) when the agent loop drives the run
 * boundary wrongly: an outcome that is not one of `RUN_OUTCOMES`, a second `settle` while one is
 * in flight, or a `settle` after the run settled without continuing. Plugins never cause it.
 * An `ElowenError` (stable `code`).
 */
export class RunBoundaryError extends ElowenError<RunBoundaryErrorCode> {
  override readonly name = "RunBoundaryError";

  constructor(code: RunBoundaryErrorCode, message: string) {
    super({ code, summary: message });
  }
}
