/**
 * @elowen/run-boundary: `brain.run.beforeSettle` patches and the per-run continuation policy
 * (`RunBoundaryPatchSchema`). It takes an injected emitter and does not depend on the hook bus.
 */

export { jsonProblem, utf8Bytes } from "./entry-size.js";
export type {
  RunBoundaryErrorCode,
  RunBoundaryProblem,
  RunBoundaryProblemCode,
} from "./problems.js";
export { RUN_BOUNDARY_PROBLEM_CODES, RunBoundaryError } from "./problems.js";
export type {
  AcceptedBoundaryEntry,
  RunBoundaryEmitter,
  RunBoundaryHookResult,
  RunBoundaryOptions,
  RunBoundarySettlement,
  RunBoundaryState,
} from "./run-boundary.js";
export { RunBoundary } from "./run-boundary.js";
