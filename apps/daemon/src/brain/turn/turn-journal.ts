import type { HookBus } from "@elowen/hook-bus";
import { announceEntries, type LiveJournal } from "../../live/live-journal.js";
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

/** A write held for the next one: the turn's answer, or a tool batch's last result. */
interface Held {
  readonly entry: NewJournalEntry;
  /** Its kind of hold: only a result is let go by `releaseResult`. */
  readonly kind: "answer" | "result";
  /** Told once the entry is committed and its `entries` event published. */
  readonly committed?: (entry: JournalEntry) => void;
}

/**
 * A turn's journal writes. One write may be held and committed in one transaction with the next:
 * - the turn's answer (a response with no tool call) when nothing observes the settle
 *   (`settlesUnobserved`), normally committed with the `turn_end`;
 * - a tool batch's last result, committed with the step-context reminders when their providers
 *   answer at once, alone before anything that may wait (`releaseResult`), or with the turn's
 *   next write when the run stops after the batch.
 * Clients are told of each as if they had been committed apart (one `entries` event for the held
 * entry, then what it waited to be told, then one for the rest), in the same order. Writes
 * between the turn's start and its end leave the session's `updatedAt` as the start set it.
 */
export class TurnJournal {
  readonly #parts: TurnJournalParts;
  readonly #sessionId: string;
  #held: Held | undefined;

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
    this.#held = { entry, kind: "answer" };
    return true;
  }

  /**
   * Offers a tool batch's last result, to be committed with the next write (the step-context
   * reminders): true when it is held (nothing else is), and `committed` is told once it is
   * written; false when the caller must write it at once. The holder lets it go with
   * `releaseResult` before anything that may wait.
   */
  holdResult(entry: NewJournalEntry, committed: (entry: JournalEntry) => void): boolean {
    if (this.#held !== undefined) return false;
    this.#held = { entry, kind: "result", committed };
    return true;
  }

  /** Writes entries before the turn's end, after the held entry if any, in one transaction. */
  append(entries: readonly NewJournalEntry[]): Promise<readonly JournalEntry[]> {
    return this.#write(entries, { touch: false });
  }

  /** Commits the held entry alone, when something may now read the journal before the end. */
  async release(): Promise<void> {
    if (this.#held !== undefined) await this.#write([], { touch: false });
  }

  /**
   * Commits a held tool result alone (a held answer stays held); answers nothing to wait for when
   * no result is held.
   */
  releaseResult(): Promise<unknown> | undefined {
    return this.#held?.kind === "result" ? this.#write([], { touch: false }) : undefined;
  }

  /** The data of the entry held back to go with the next write, if any. */
  heldData(): unknown {
    return this.#held?.entry.data;
  }

  /** Writes the turn's last entries (its `turn_end`), after the held entry if any. */
  end(
    entries: readonly NewJournalEntry[],
    options: AppendOptions,
  ): Promise<readonly JournalEntry[]> {
    return this.#write(entries, options);
  }

  #write(
    entries: readonly NewJournalEntry[],
    options: AppendOptions,
  ): Promise<readonly JournalEntry[]> {
    const held = this.#held;
    const { journal, store, events } = this.#parts;
    if (held === undefined) return journal.append(this.#sessionId, entries, options);
    this.#held = undefined;
    return store.journal.append(this.#sessionId, [held.entry, ...entries], options).then(
      (written) => {
        const [first, ...rest] = written as [JournalEntry, ...JournalEntry[]];
        announceEntries(events, this.#sessionId, [first]);
        held.committed?.(first);
        announceEntries(events, this.#sessionId, rest);
        return rest;
      },
      (error: unknown) => {
        this.#held = held;
        throw error;
      },
    );
  }
}
