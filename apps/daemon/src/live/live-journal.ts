import type { Store } from "../store/store.js";
import type { AppendOptions, JournalEntry, NewJournalEntry } from "../store/types.js";
import { entryView } from "./entry-view.js";
import type { SessionEvents } from "./session-events.js";

/**
 * The journal as the brain writes it: entries are committed first (one transaction), then the
 * visible ones are published as one `entries` event, so what a client sees live is what it reads
 * from history after a reload, with the same host-minted ids.
 */
export class LiveJournal {
  readonly #store: Store;
  readonly #events: SessionEvents;

  constructor(store: Store, events: SessionEvents) {
    this.#store = store;
    this.#events = events;
  }

  /** Appends in one transaction, then publishes the visible entries. */
  append(
    sessionId: string,
    entries: readonly NewJournalEntry[],
    options?: AppendOptions,
  ): Promise<readonly JournalEntry[]> {
    return this.#store.journal.append(sessionId, entries, options).then((written) => {
      announceEntries(this.#events, sessionId, written);
      return written;
    });
  }
}

/** Tells the session's clients of the visible ones of committed entries, as one `entries` event. */
export function announceEntries(
  events: SessionEvents,
  sessionId: string,
  entries: readonly JournalEntry[],
): void {
  const visible = entries.filter((e) => !e.hidden && !e.offBranch);
  if (visible.length > 0) events.publish(sessionId, "entries", { entries: visible.map(entryView) });
}
