import { BrainCardSchema } from "@elowen/plugin-api/cards";
import { z } from "zod";

/** `GET /sessions/:sessionId/cards`: the session's current cards, oldest first. */
export const CardListSchema = z.strictObject({ cards: z.array(BrainCardSchema) });
/** `GET /sessions/:sessionId/cards`. */
export type CardList = z.infer<typeof CardListSchema>;
