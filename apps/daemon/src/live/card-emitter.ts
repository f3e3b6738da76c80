import { type BrainCard, BrainCardSchema } from "@elowen/plugin-api/cards";
import { errorMessage } from "@elowen/plugin-shared/errors";
import { KeyedQueue } from "@elowen/plugin-shared/queue";
import type { Store } from "../store/store.js";
import type { SessionEvents } from "./session-events.js";

/**
 * Persists cards and then tells the session's clients, in emission order per session. A card is
 * normalized (validated against BrainCardSchema) before anything is written; re-emitting an id
 * replaces the card and an empty card removes it.
 */
export class CardEmitter {
  readonly #store: Store;
  readonly #events: SessionEvents;
  readonly #queue = new KeyedQueue<string>();
  readonly #log: (message: string) => void;

  constructor(store: Store, events: SessionEvents, log: (message: string) => void = () => {}) {
    this.#store = store;
    this.#events = events;
    this.#log = log;
  }

  /** Normalizes the card (throws a TypeError naming the field) and queues its write and event. */
  emit(sessionId: string, card: BrainCard): Promise<void> {
    const parsed = BrainCardSchema.safeParse(card);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new TypeError(
        `emitCard: card.${issue?.path.join(".") || ""}: ${issue?.message ?? "invalid"}`,
      );
    }
    const normalized = parsed.data;
    return this.#queue.run(sessionId, async () => {
      try {
        const outcome = await this.#store.cards.put(sessionId, normalized);
        this.#events.publish(
          sessionId,
          "card",
          outcome === "removed" ? { removed: normalized.id } : { card: normalized },
        );
      } catch (error) {
        this.#log(
          `card ${normalized.id} of session ${sessionId} was not stored: ${errorMessage(error)}`,
        );
      }
    });
  }

  /** Resolves once every queued card write has finished (the shutdown checkpoint waits for it). */
  drain(): Promise<void> {
    return this.#queue.idle();
  }
}
