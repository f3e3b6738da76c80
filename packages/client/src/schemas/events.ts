import { BrainCardSchema } from "@elowen/plugin-api";
import { z } from "zod";
import { HistoryEntrySchema } from "./history.js";

/**
 * A live event of one session. `id` is the SSE event id: increasing within one daemon's life,
 * echoed as `Last-Event-ID` to resume after a reconnect. `type` names the payload; types the host
 * adds later arrive with their data unparsed, so older clients keep working.
 */
export const SessionEventSchema = z.strictObject({
  id: z.string(),
  type: z.string(),
  data: z.unknown(),
});
/** A live event of one session. */
export type SessionEvent = z.infer<typeof SessionEventSchema>;

/** `card`: a card was emitted (replacing the one with its id) or removed. */
export const CardEventDataSchema = z.union([
  z.strictObject({ card: BrainCardSchema }),
  z.strictObject({ removed: z.string() }),
]);
/** `entries`: visible journal entries were committed. */
export const EntriesEventDataSchema = z.strictObject({ entries: z.array(HistoryEntrySchema) });
/**
 * `reset`: the stream cannot resume from the client's last event id (the daemon restarted, or
 * the event left the replay buffer); reload history, then carry on with this stream.
 */
export const ResetEventDataSchema = z.strictObject({
  reason: z.enum(["restarted", "expired"]),
});

/** The payload schema of each event type the host defines today. */
export const SESSION_EVENT_DATA_SCHEMAS = {
  card: CardEventDataSchema,
  entries: EntriesEventDataSchema,
  reset: ResetEventDataSchema,
} as const;
