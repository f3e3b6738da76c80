import { ElowenError } from "@elowen/plugin-shared/errors";

/** Why the brain refused work a plugin or a turn asked of it. */
export const BRAIN_ERRORS = {
  agentTooDeep: "brain.agent_too_deep",
  permissionRecordInvalid: "brain.permission_record_invalid",
} as const;
/** One brain error code. */
export type BrainErrorCode = (typeof BRAIN_ERRORS)[keyof typeof BRAIN_ERRORS];

/**
 * A refusal of the brain: `brain.agent_too_deep` for a sub-agent past MAX_AGENT_DEPTH,
 * `brain.permission_record_invalid` for a permission answer the record rules refuse. The
 * message names the limit or the rule. (A stopping daemon throws its own `PausedError`.)
 */
export class BrainError extends ElowenError<BrainErrorCode> {
  override readonly name = "BrainError";
}
