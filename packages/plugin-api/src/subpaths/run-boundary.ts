/** `@elowen/plugin-api/run-boundary`. The run boundary (`brain.run.beforeSettle`): payload, patch, entries and outcomes. */

export type {
  RunBoundaryEntry,
  RunBoundaryPatch,
  RunBoundaryPayload,
  RunOutcome,
} from "../run-boundary.js";
export {
  RUN_OUTCOMES,
  RunBoundaryEntrySchema,
  RunBoundaryMessageEntrySchema,
  RunBoundaryPatchSchema,
  RunBoundaryPayloadSchema,
  RunBoundaryRecordEntrySchema,
} from "../run-boundary.js";
