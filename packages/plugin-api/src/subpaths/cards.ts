/** `@elowen/plugin-api/cards`. Cards: the `BrainCard` a plugin emits with `ctx.emitCard`, its schema and statuses. */

export type { BrainCard, BrainCardItem } from "../cards.js";
export { BrainCardItemSchema, BrainCardSchema, CARD_ITEM_STATUSES, isEmptyCard } from "../cards.js";
