import { z } from "zod";

/** How an agent run ended, as `brain.run.beforeSettle` reports it. */
export const RUN_OUTCOMES = ["completed", "aborted", "error", "refusal"] as const;
/** How an agent run ended. */
export type RunOutcome = (typeof RUN_OUTCOMES)[number];

/** The payload of `brain.run.beforeSettle`. */
export const RunBoundaryPayloadSchema = z.strictObject({
  sessionId: z.string(),
  outcome: z.enum(RUN_OUTCOMES),
  continuationAllowed: z.boolean(),
  continuationsUsed: z.number().int().nonnegative(),
  agentId: z.string().optional(),
});
/** The payload of `brain.run.beforeSettle`. */
export type RunBoundaryPayload = z.infer<typeof RunBoundaryPayloadSchema>;

/** A model-visible note, never drawn in the transcript. */
export const RunBoundaryMessageEntrySchema = z.strictObject({
  kind: z.literal("message"),
  text: z.string(),
});
/** A durable record, invisible to the model and the transcript. */
export const RunBoundaryRecordEntrySchema = z.strictObject({
  kind: z.literal("record"),
  type: z.string().min(1).max(128),
  data: z.unknown(),
});
/** One run-boundary entry. Size caps are applied by @elowen/run-boundary, not by this shape. */
export const RunBoundaryEntrySchema = z.discriminatedUnion("kind", [
  RunBoundaryMessageEntrySchema,
  RunBoundaryRecordEntrySchema,
]);
/** One run-boundary entry: `{ kind: 'message', text }` or `{ kind: 'record', type, data }`. */
export type RunBoundaryEntry = z.infer<typeof RunBoundaryEntrySchema>;

/** The `boundary` patch of a `brain.run.beforeSettle` hook. */
export const RunBoundaryPatchSchema = z.strictObject({
  entries: z.array(RunBoundaryEntrySchema),
  continue: z.boolean().optional(),
});
/** The `boundary` patch: entries to append, and whether to ask for one more run. */
export type RunBoundaryPatch = z.infer<typeof RunBoundaryPatchSchema>;
