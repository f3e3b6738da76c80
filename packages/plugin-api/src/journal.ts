/** Custom journal entry types the host writes. */

/** Hidden turn-context records, written in the same transaction as their anchor. */
export const TURN_CONTEXT_ENTRY = "elowen.turn-context";
/** Turn-context records retired by cold clearing. */
export const CONTEXT_CLEARED_ENTRY = "elowen.context-cleared";
/** Off-branch ownership of a shared image or file. */
export const SHARED_ATTACHMENT_ENTRY = "elowen.shared-attachment";
/** Hidden step-context reminders, persisted before model delivery. */
export const STEP_CONTEXT_ENTRY = "elowen.step-context";
/** Run-boundary entries: model-visible message notes and invisible records. */
export const RUN_BOUNDARY_ENTRY = "elowen.run-boundary";
