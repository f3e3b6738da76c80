import type { SKILL_REVIEWER_CONTRACT_VERSION } from "./limits.js";

/** Why the host skipped a review before dispatch: exactly these reasons. */
export const SKILL_REVIEW_SKIP_REASONS = [
  "quota",
  "unknown-quota",
  "unsupported-route",
  "hosted-tools",
  "stale-source",
  "runner-unavailable",
  "revoked",
] as const;
/** Why the host skipped a review before dispatch. */
export type SkillReviewSkipReason = (typeof SKILL_REVIEW_SKIP_REASONS)[number];

/** What `review(directive)` resolves: the completed text, or a typed skip. Request errors reject. */
export type SkillReviewOutcome =
  | { status: "completed"; text: string }
  | { status: "skipped"; reason: SkillReviewSkipReason };

/** The exact input core supplies to the post-turn skill reviewer. */
export interface SkillPostTurnReviewArgs {
  userId: number;
  successfulToolCalls: number;
  loadedSkillNames: readonly string[];
  budget: number;
  reviewEveryToolCalls: number;
  signal: AbortSignal;
  authorize: () => Promise<boolean>;
  currentBudget: () => Promise<number>;
  review: (
    directive: string,
  ) => Promise<
    { status: "completed"; text: string } | { status: "skipped"; reason: SkillReviewSkipReason }
  >;
}

/** The last attempted outcome a reviewer reports. */
export type SkillReviewLastOutcome = "completed" | "skipped" | "failed" | "aborted";

/** `status(userId)`: a cheap strict local read of pending calls, totals and the last attempted outcome. */
export interface SkillReviewerStatus {
  readonly pendingCalls: number;
  readonly interval: number;
  readonly totals: {
    readonly reviews: number;
    readonly created: number;
    readonly patched: number;
    readonly failed: number;
  };
  readonly last: {
    readonly outcome: SkillReviewLastOutcome;
    readonly at: number;
    readonly detail?: string;
  } | null;
}

/** The reviewer registration, contract version 2; any other version is refused. */
export interface SkillReviewerRegistration {
  contractVersion: typeof SKILL_REVIEWER_CONTRACT_VERSION;
  run: (args: SkillPostTurnReviewArgs) => Promise<void>;
  status: (userId: number) => SkillReviewerStatus | Promise<SkillReviewerStatus>;
}
