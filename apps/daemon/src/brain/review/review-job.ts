import type { Access } from "@elowen/plugin-api/access";
import { z } from "zod";
import type { NewJob } from "../../store/jobs/job-queue.js";
import type { ExchangeFacts } from "./exchange-facts.js";
import type { ReviewSource } from "./review-admission.js";
import { REVIEW_ERRORS, ReviewError } from "./review-error.js";

/** The job kind of a skill review. */
export const SKILL_REVIEW_JOB = "skill-review";

/** Claims a review gets: a holder that dies mid-review is replaced twice, then it is kept failed. */
export const SKILL_REVIEW_MAX_ATTEMPTS = 3;

/** What a queued review carries: everything the reviewer is offered, read back on any instance. */
export interface ReviewJob {
  readonly access: Access;
  readonly source: ReviewSource;
  readonly facts: ExchangeFacts;
}

const PayloadSchema = z.object({
  sessionId: z.string(),
  userId: z.number(),
  /** The {@link ReviewJob} as JSON text. */
  review: z.string(),
});

/**
 * The job that queues a review of `review.source`, keyed by its session so that one session's
 * reviews run one at a time, in order, across instances. The review travels as JSON text, not
 * as a JSON object: `jsonb` reorders object keys, and the pinned request's payload must reach the
 * prefix-parity check byte for byte as the provider built it.
 */
export function reviewJob(review: ReviewJob): NewJob {
  const { sessionId, userId } = review.source;
  return {
    kind: SKILL_REVIEW_JOB,
    key: `${SKILL_REVIEW_JOB}:${sessionId}`,
    payload: { sessionId, userId, review: JSON.stringify(review) },
    maxAttempts: SKILL_REVIEW_MAX_ATTEMPTS,
  };
}

/** Reads a queued review back; throws, naming what is wrong, for a payload of another shape. */
export function readReviewJob(payload: unknown): ReviewJob {
  const parsed = PayloadSchema.safeParse(payload);
  if (!parsed.success)
    throw new ReviewError({
      code: REVIEW_ERRORS.jobInvalid,
      summary: `a skill-review job payload is not { sessionId, userId, review }: ${parsed.error.message}`,
    });
  // Written by reviewJob above, in this database: its own shape, not untrusted input.
  return JSON.parse(parsed.data.review) as ReviewJob;
}
