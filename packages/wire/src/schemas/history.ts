import { z } from "zod";

/**
 * One journal entry of the visible projection: hidden entries (turn context, step context,
 * records) never appear. `data` is the entry's JSON as the host stored it.
 */
export const HistoryEntrySchema = z.strictObject({
  id: z.string(),
  parentId: z.string().nullable(),
  seq: z.number().int().nonnegative(),
  kind: z.string(),
  customType: z.string().nullable(),
  data: z.unknown(),
  createdAt: z.number().int(),
});
/** One visible journal entry. */
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;

/**
 * `GET /sessions/:sessionId/history`: one page of the active branch's visible entries in
 * chronological order. `nextCursor` fetches the older page; null at the start of the session.
 */
export const HistoryPageSchema = z.strictObject({
  entries: z.array(HistoryEntrySchema),
  nextCursor: z.string().nullable(),
});
/** One page of history. */
export type HistoryPage = z.infer<typeof HistoryPageSchema>;
