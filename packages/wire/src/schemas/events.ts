import { BrainCardSchema } from "@elowen/plugin-api/cards";
import { z } from "zod";
import { HistoryEntrySchema } from "./history.js";
import { TURN_EVENT_DATA_SCHEMAS, type TurnEventData } from "./live-events.js";
import { PROMPT_BOX_EVENT_DATA_SCHEMAS } from "./prompt-box.js";

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

/** The events of a session that are not a turn's nor the prompt box's. */
const SESSION_SCOPE_EVENT_DATA_SCHEMAS = {
  card: CardEventDataSchema,
  entries: EntriesEventDataSchema,
  reset: ResetEventDataSchema,
} as const;

/**
 * The payload schema of each event type the host defines today (the README lists them all).
 * Typed as the union of its parts so that declarations name each part once.
 */
export const SESSION_EVENT_DATA_SCHEMAS: typeof SESSION_SCOPE_EVENT_DATA_SCHEMAS &
  typeof TURN_EVENT_DATA_SCHEMAS &
  typeof PROMPT_BOX_EVENT_DATA_SCHEMAS = {
  ...SESSION_SCOPE_EVENT_DATA_SCHEMAS,
  ...TURN_EVENT_DATA_SCHEMAS,
  ...PROMPT_BOX_EVENT_DATA_SCHEMAS,
};

/** A known event type. */
export type SessionEventType = keyof typeof SESSION_EVENT_DATA_SCHEMAS;

/** A live event with its payload parsed by type. */
export type TypedSessionEvent = {
  [K in SessionEventType]: {
    readonly id: string;
    readonly type: K;
    readonly data: K extends keyof TurnEventData
      ? TurnEventData[K]
      : z.infer<(typeof SESSION_EVENT_DATA_SCHEMAS)[K]>;
  };
}[SessionEventType];

/**
 * Parses an event's payload by its type. Undefined for a type this client does not know (a newer
 * daemon's) or a payload that does not match, so a client can skip it and keep going.
 */
export function parseSessionEvent(event: SessionEvent): TypedSessionEvent | undefined {
  if (!Object.hasOwn(SESSION_EVENT_DATA_SCHEMAS, event.type)) return undefined;
  const schema = SESSION_EVENT_DATA_SCHEMAS[event.type as SessionEventType] as z.ZodType;
  const parsed = schema.safeParse(event.data);
  return parsed.success
    ? ({ id: event.id, type: event.type, data: parsed.data } as TypedSessionEvent)
    : undefined;
}
