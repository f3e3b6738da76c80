/** `@elowen/plugin-api/journal`. Journal entry types the host writes for plugin contributions (turn context, step context, run boundary, ...). */

export {
  CONTEXT_CLEARED_ENTRY,
  RUN_BOUNDARY_ENTRY,
  SHARED_ATTACHMENT_ENTRY,
  STEP_CONTEXT_ENTRY,
  TURN_CONTEXT_ENTRY,
} from "../journal.js";
