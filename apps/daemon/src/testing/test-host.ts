import type { BrainCard } from "@elowen/plugin-api/cards";
import type { SessionEvent } from "@elowen/wire";
import type { SkillReviewEvent } from "../brain/review/skill-reviews.js";
import type { RunningDaemon } from "../lifecycle/daemon.js";
import type { AppendOptions, JournalEntry, NewJournalEntry, UsageCharge } from "../store/types.js";

/**
 * The daemon's seams a test outside the package reaches beyond the HTTP API: preparing a journal,
 * publishing events and cards, reading what was stored, and following the skill reviewer. Each is
 * the daemon's own object, narrowed to the members listed here.
 */
export interface TestDaemonHost {
  /** The store, read directly. */
  readonly store: {
    readonly journal: {
      /** The active branch root-first, hidden entries included. */
      branch(
        sessionId: string,
        options?: { readonly leafId?: string },
      ): Promise<readonly JournalEntry[]>;
    };
    readonly usage: {
      /** The account's usage charges, oldest first. */
      list(accountId: number): Promise<readonly UsageCharge[]>;
    };
  };
  /** Appends entries in one transaction, then tells the session's clients of the visible ones. */
  readonly journal: {
    append(
      sessionId: string,
      entries: readonly NewJournalEntry[],
      options?: AppendOptions,
    ): Promise<readonly JournalEntry[]>;
  };
  /** Publishes a live event to the session's subscribers, answering it with its id. */
  readonly events: {
    publish(sessionId: string, type: string, data: unknown): SessionEvent;
  };
  /** Emits (or replaces by id) a card in a session, persisted and published. */
  readonly cards: {
    emit(sessionId: string, card: BrainCard): Promise<void>;
  };
  /** The brain: what each settled turn sent the model last. */
  readonly brain: {
    /**
     * Tells `listener` of each settled turn: its session and its last model request as it went
     * out (`lastRequest.context.messages`, images as the model read them); answers an unsubscribe.
     */
    onExchangeSettled(
      listener: (exchange: {
        readonly sessionId: string;
        readonly lastRequest?: { readonly context: { readonly messages: readonly unknown[] } };
      }) => void | Promise<void>,
    ): () => void;
  };
  /** The post-turn skill reviewer's core side. */
  readonly learning: {
    /** Tells `listener` of each step of each offered exchange; answers an unsubscribe. */
    onEvent(listener: (event: SkillReviewEvent) => void | Promise<void>): () => void;
    /** Resolves once no review is running or queued. */
    idle(): Promise<void>;
    /** Changes the most operations one review may apply, from the next review on. */
    setMaxOps(value: number): void;
    /** The review runners: `tryAdmit` takes one (answering its release) or answers undefined. */
    readonly runners: { tryAdmit(): (() => void) | undefined };
  };
}

/** The running daemon of a test, with the seams of {@link TestDaemonHost} as `host`. */
export interface TestRunningDaemon extends RunningDaemon {
  readonly host: TestDaemonHost;
}
