import { SKILL_REVIEW_DEFAULT_INTERVAL } from "@elowen/plugin-api/limits";
import { z } from "zod";

/** Skill writes a review may make when the configuration names no budget (ours). */
export const DEFAULT_SKILL_REVIEW_MAX_OPS = 3;
/** The largest write budget the configuration accepts (the Skills plugin's own cap). */
export const SKILL_REVIEW_MAX_OPS_LIMIT = 20;
/** Review runners the daemon keeps when the configuration names none (ours). */
export const DEFAULT_REVIEW_RUNNERS = 1;
/** Quota evidence older than this many minutes is stale (ours; the contract names no age). */
export const DEFAULT_QUOTA_STALE_MINUTES = 15;

/**
 * The `learning` section of `elowen.yaml`: the post-turn skill reviewer's core side. Every field
 * has a default. `skillReviewMaxOps: 0` disables learning: no exchange is offered.
 */
export const LearningConfigSchema = z
  .strictObject({
    /** Skill writes one review may make (the reviewer's `budget`); 0 disables learning. */
    skillReviewMaxOps: z
      .number()
      .int()
      .min(0)
      .max(SKILL_REVIEW_MAX_OPS_LIMIT)
      .default(DEFAULT_SKILL_REVIEW_MAX_OPS),
    /** Successful tool calls an exchange needs to be offered at all. */
    skillReviewMinCalls: z.number().int().min(1).max(100_000).default(1),
    /** The reviewer's default cadence (`reviewEveryToolCalls`); a saved interval wins. */
    skillReviewEveryToolCalls: z
      .number()
      .int()
      .min(1)
      .max(100_000)
      .default(SKILL_REVIEW_DEFAULT_INTERVAL),
    /** Reviews that may run at once; a full or empty (0) pool skips with `runner-unavailable`. */
    reviewRunners: z.number().int().min(0).max(64).default(DEFAULT_REVIEW_RUNNERS),
    /** Quota evidence older than this is stale (only a high reading still blocks). */
    quotaStaleMinutes: z.number().int().min(1).max(10_080).default(DEFAULT_QUOTA_STALE_MINUTES),
  })
  .prefault({});
/** The `learning` section, validated. */
export type LearningConfig = z.infer<typeof LearningConfigSchema>;
