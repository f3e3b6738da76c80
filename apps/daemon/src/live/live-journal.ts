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
  async append(
    sessionId: string,
    entries: readonly NewJournalEntry[],
    options?: AppendOptions,
  ): Promise<readonly JournalEntry[]> {
    const written = await this.#store.journal.append(sessionId, entries, options);
    const visible = written.filter((e) => !e.hidden && !e.offBranch);
    if (visible.length > 0)
      this.#events.publish(sessionId, "entries", { entries: visible.map(entryView) });
    return written;
  }
}
