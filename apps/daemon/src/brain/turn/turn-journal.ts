import type { HookBus } from "@elowen/hook-bus";
import { entryView } from "../../live/entry-view.js";
import type { LiveJournal } from "../../live/live-journal.js";
import type { SessionEvents } from "../../live/session-events.js";
import type { Store } from "../../store/store.js";
import type { AppendOptions, JournalEntry, NewJournalEntry } from "../../store/types.js";

/** What a turn's journal writes through: the hooks it asks, the store, the live events. */
export interface TurnJournalParts {
  readonly hooks: HookBus;
  readonly store: Store;
  readonly events: SessionEvents;
  readonly journal: LiveJournal;
}

/**
 * True when nothing can run between a turn's last response and its `turn_end`: no
 * `brain.run.beforeSettle` hook (which may read the journal, append to it, or continue the run)
 * and no `turn.complete` hook (which sees the answer). Only then may the response wait for the
 * `turn_end` and be committed with it.
 */
export function settlesUnobserved(hooks: HookBus): boolean {
  return !hooks.hasHook("brain.run.beforeSettle") && !hooks.has("turn.complete");
}

/**
 * A turn's journal writes. A response with no tool call, the turn's answer when nothing observes
 * the settle (`settlesUnobserved`), may be held and committed in one transaction with the next
 * write, normally the `turn_end`; clients are told of each as if they had been committed apart
 * (one `entries` event for the held response, then one for the rest), in the same order. Writes
 * between the turn's start and its end leave the session's `updatedAt` as the start set it.
 */
export class TurnJournal {
  readonly #parts: TurnJournalParts;
  readonly #sessionId: string;
  #held: NewJournalEntry | undefined;

  constructor(parts: TurnJournalParts, sessionId: string) {
    this.#parts = parts;
    this.#sessionId = sessionId;
  }

  /**
   * Offers the turn's last response: true when it is held for the next write (nothing observes
   * the settle now and nothing else is held), false when the caller must write it at once.
   */
  hold(entry: NewJournalEntry): boolean {
    if (this.#held !== undefined || !settlesUnobserved(this.#parts.hooks)) return false;
    this.#held = entry;
    return true;
  }

  /** Writes entries before the turn's end, after the held response if any, in one transaction. */
  append(entries: readonly NewJournalEntry[]): Promise<readonly JournalEntry[]> {
    return this.#write(entries, { touch: false });
  }

  /** Commits the held response alone, when something may now read the journal before the end. */
  async release(): Promise<void> {
    if (this.#held !== undefined) await this.#write([], { touch: false });
  }

  /** Writes the turn's last entries (its `turn_end`), after the held response if any. */
  end(
    entries: readonly NewJournalEntry[],
    options: AppendOptions,
  ): Promise<readonly JournalEntry[]> {
    return this.#write(entries, options);
  }

  async #write(
    entries: readonly NewJournalEntry[],
    options: AppendOptions,
  ): Promise<readonly JournalEntry[]> {
    const held = this.#held;
    const { journal, store, events } = this.#parts;
    if (held === undefined) return journal.append(this.#sessionId, entries, options);
    this.#held = undefined;
    let written: readonly JournalEntry[];
    try {
      written = await store.journal.append(this.#sessionId, [held, ...entries], options);
    } catch (error) {
      this.#held = held;
      throw error;
    }
    const [first, ...rest] = written;
    for (const batch of [[first as JournalEntry], rest]) {
      const visible = batch.filter((e) => !e.hidden && !e.offBranch);
      if (visible.length > 0)
        events.publish(this.#sessionId, "entries", { entries: visible.map(entryView) });
    }
    return rest;
  }
}
