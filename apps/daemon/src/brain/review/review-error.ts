import { ElowenError } from "@elowen/plugin-shared/errors";

/** Why a post-turn skill review failed or was refused. */
export const REVIEW_ERRORS = {
  attemptUsed: "review.attempt_used",
  requestFailed: "review.request_failed",
  toolsDenied: "review.tools_denied",
  jobInvalid: "review.job_invalid",
} as const;
/** One review error code. */
export type ReviewErrorCode = (typeof REVIEW_ERRORS)[keyof typeof REVIEW_ERRORS];

/**
 * A skill review that failed: a second `review(directive)` for one exchange, a provider request
 * that ended in an error, a model that asked for tools (denied in a review), or a queued job
 * whose payload is not the shape `reviewJob` writes. The message says which and why.
 */
export class ReviewError extends ElowenError<ReviewErrorCode> {
  override readonly name = "ReviewError";
}
