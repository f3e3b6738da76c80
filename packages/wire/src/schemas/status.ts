import { McpStatusRowSchema } from "@elowen/plugin-api/status";
import { z } from "zod";

/** A plugin's load state as status shows it. */
export const PluginStatusRowSchema = z.strictObject({
  name: z.string(),
  version: z.string(),
  state: z.enum(["loaded", "refused"]),
  reason: z.string().optional(),
  /** What of a Claude Code or Agent Plugins package could not be mapped, one sentence each. */
  diagnostics: z.array(z.string()).optional(),
});

/**
 * `GET /brain/status`: the stable envelope (plugin-api's BrainStatus). `mcp` is absent when no
 * provider said anything, null when known unavailable, and shown to administrators only.
 */
export const BrainStatusSchema = z.strictObject({
  core: z.strictObject({ version: z.string(), sharedApi: z.number(), uiApi: z.number() }),
  model: z.strictObject({
    provider: z.string(),
    id: z.string(),
    label: z.string(),
    offline: z.boolean(),
  }),
  admitsNewWork: z.boolean(),
  plugins: z.array(PluginStatusRowSchema),
  mcp: z.array(McpStatusRowSchema).nullable().optional(),
});
/** `GET /brain/status`. */
export type BrainStatusBody = z.infer<typeof BrainStatusSchema>;

const Count = z.number().int().min(0);

/** A skill reviewer's `status(userId)` answer, read strictly. */
export const SkillReviewerStatusSchema = z.strictObject({
  pendingCalls: Count,
  interval: z.number().int().min(1),
  totals: z.strictObject({ reviews: Count, created: Count, patched: Count, failed: Count }),
  last: z
    .strictObject({
      outcome: z.enum(["completed", "skipped", "failed", "aborted"]),
      at: z.number().finite(),
      detail: z.string().exactOptional(),
    })
    .nullable(),
});

/**
 * `GET /learning/status`: skill learning as the signed-in account sees it. `enabled` is true when
 * a reviewer serves the account and the live write `budget` is above 0; `reviewer` is null when
 * none is registered or it is not granted to the account, and its `status` is null (with the
 * `problem`) when the reviewer's own status read threw, overran its budget or answered out of shape.
 */
export const LearningStatusSchema = z.strictObject({
  enabled: z.boolean(),
  budget: Count,
  reviewer: z
    .strictObject({
      plugin: z.string(),
      status: SkillReviewerStatusSchema.nullable(),
      problem: z.string().optional(),
    })
    .nullable(),
});
/** `GET /learning/status`. */
export type LearningStatusBody = z.infer<typeof LearningStatusSchema>;
