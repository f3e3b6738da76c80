import { z } from "zod";

/** States of a card item. */
export const CARD_ITEM_STATUSES = [
  "pending",
  "running",
  "completed",
  "failed",
  "cancelled",
] as const;

/**
 * One row of a card. `startedAt` (epoch ms, while running) and `durationMs` (when completed) are
 * display-only: clients compute live elapsed time locally and format it with the shared formatter.
 */
export const BrainCardItemSchema = z.strictObject({
  id: z.string().min(1).max(128).optional(),
  text: z.string().max(2000),
  status: z.enum(CARD_ITEM_STATUSES).optional(),
  startedAt: z.number().int().nonnegative().optional(),
  durationMs: z.number().nonnegative().optional(),
  detail: z.string().max(4000).optional(),
});
/** One row of a card. */
export type BrainCardItem = z.infer<typeof BrainCardItemSchema>;

/**
 * A structured card, keyed by `id`: re-emitting an id replaces the card; an empty card (no title,
 * text or items) removes it. The CLI shows only pinned cards.
 */
export const BrainCardSchema = z.strictObject({
  id: z.string().min(1).max(128),
  title: z.string().max(200).optional(),
  text: z.string().max(8000).optional(),
  pinned: z.boolean().optional(),
  tone: z.enum(["info", "success", "warning", "error"]).optional(),
  items: z.array(BrainCardItemSchema).max(200).optional(),
});
/** A structured card. */
export type BrainCard = z.infer<typeof BrainCardSchema>;

/** True when a card carries nothing, which removes the card of that id. */
export function isEmptyCard(card: BrainCard): boolean {
  return !card.title && !card.text && (card.items === undefined || card.items.length === 0);
}
