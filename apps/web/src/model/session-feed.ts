import type { ElowenClient, EventSubscription } from "@elowen/client";
import { errorMessage } from "@elowen/plugin-shared/errors";
import type { SessionEvent } from "@elowen/wire";
import { EventCursor } from "./event-cursor.js";
import { TranscriptModel } from "./transcript.js";
import type { TranscriptView } from "./views.js";

/** How many entries one history page asks for (the daemon's largest page). */
export const HISTORY_PAGE_SIZE = 200;

/**
 * Where a feed stands: loading, live (the stream is open), reconnecting (the daemon is down or
 * restarting; the stream retries by itself), or stopped for good (refused).
 */
export type FeedStatus =
  | { readonly state: "loading" }
  | { readonly state: "live" }
  | { readonly state: "reconnecting" }
  | { readonly state: "failed"; readonly message: string };

/** Options of {@link SessionFeed}. */
export interface SessionFeedOptions {
  readonly client: ElowenClient;
  readonly sessionId: string;
  /** Called (batched) whenever the view changed. */
  readonly onChange: (view: TranscriptView) => void;
  readonly onStatus?: (status: FeedStatus) => void;
  /** Entries per history page (1 to 200; default {@link HISTORY_PAGE_SIZE}). */
  readonly pageSize?: number;
  /** How change notifications are batched (default: the next animation frame, else a microtask). */
  readonly schedule?: (run: () => void) => void;
  /** Reconnect delays of the event stream (tests shorten them). */
  readonly reconnect?: { readonly initialDelayMs?: number; readonly maxDelayMs?: number };
  /**
   * Takes an event another part of the view answers (a plugin's prompt-box request); true when
   * it did, and the transcript never sees it. Called at once, even while history loads.
   */
  readonly intercept?: (event: SessionEvent) => boolean;
}

/**
 * One session, live: subscribes to its events first (holding them), then reads the newest
 * history page, the state and the cards, then applies the held events, so nothing that happens
 * while loading is lost, and nothing is drawn twice (entries by id, events by id). The stream
 * reconnects with `Last-Event-ID`; a `reset` (the daemon restarted, or the events left its
 * buffer) reloads history, state and cards the same way. Older pages load on demand.
 */
export class SessionFeed {
  readonly #options: SessionFeedOptions;
  readonly #cursor = new EventCursor();
  #model: TranscriptModel;
  #held: SessionEvent[] | undefined = [];
  #subscription: EventSubscription | undefined;
  #nextCursor: string | null = null;
  #closed = false;
  #scheduled = false;
  #generation = 0;
  #older: Promise<void> | undefined;
  #loadFailed = false;
  #streamStopped = false;

  constructor(options: SessionFeedOptions) {
    this.#options = options;
    this.#model = new TranscriptModel(this.#cursor);
  }

  /** The current view. */
  get view(): TranscriptView {
    return this.#model.view();
  }

  /** True while an older page of history can be loaded. */
  get hasOlder(): boolean {
    return this.#nextCursor !== null;
  }

  /** Opens the stream and loads the session; resolves once the first view is ready. */
  async start(): Promise<void> {
    this.#status({ state: "loading" });
    this.#subscription = this.#options.client.sessions.events(this.#options.sessionId, {
      onEvent: (event) => this.#receive(event),
      onOpen: () => {
        if (this.#held === undefined) this.#status({ state: "live" });
        // A load that failed while the daemon was down is tried again now that it answers.
        else if (this.#loadFailed) void this.#load();
      },
      onDrop: () => this.#status({ state: "reconnecting" }),
      onError: (error) => {
        this.#streamStopped = true;
        this.#status({ state: "failed", message: errorMessage(error) });
      },
      ...(this.#options.reconnect ? { reconnect: this.#options.reconnect } : {}),
    });
    await this.#load();
  }

  /**
   * Loads the next older page of history (no-op at the start of the session). A call while a page
   * is loading waits for that page instead of asking for it again.
   */
  loadOlder(): Promise<void> {
    this.#older ??= this.#loadOlder().finally(() => {
      this.#older = undefined;
    });
    return this.#older;
  }

  async #loadOlder(): Promise<void> {
    if (this.#nextCursor === null) return;
    const page = await this.#options.client.sessions.history(this.#options.sessionId, {
      cursor: this.#nextCursor,
      limit: this.#pageSize(),
    });
    this.#nextCursor = page.nextCursor;
    this.#model.addEntries(page.entries);
    this.#notify();
  }

  /** Removes a transient notice. */
  dismissNotice(id: number): void {
    this.#model.dismissNotice(id);
    this.#notify();
  }

  /** Ends the stream. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.#subscription?.close();
  }

  #receive(event: SessionEvent): void {
    if (this.#closed) return;
    if (this.#options.intercept?.(event)) return;
    if (event.type === "reset") {
      // The reset carries the current id: resuming after it replays only later events.
      this.#cursor.accept(event.id);
      void this.#load();
      return;
    }
    if (this.#held) {
      this.#held.push(event);
      return;
    }
    if (this.#model.apply(event)) this.#notify();
  }

  async #load(): Promise<void> {
    const generation = ++this.#generation;
    this.#held ??= [];
    const { client, sessionId } = this.#options;
    try {
      const [page, state, cards] = await Promise.all([
        client.sessions.history(sessionId, { limit: this.#pageSize() }),
        client.sessions.state(sessionId),
        client.sessions.cards(sessionId),
      ]);
      if (generation !== this.#generation || this.#closed) return;
      this.#loadFailed = false;
      const model = new TranscriptModel(this.#cursor);
      model.addEntries(page.entries);
      model.applyState(state);
      model.setCards(cards.cards);
      this.#nextCursor = page.nextCursor;
      const held = this.#held;
      this.#held = undefined;
      this.#model = model;
      // Held events are newer than nothing the loads returned, so applying all of them in order
      // converges on the latest state; entries and cards are keyed by id, so overlap is harmless.
      for (const event of held) model.apply(event);
      this.#status({ state: "live" });
      this.#notify();
    } catch (error) {
      if (generation !== this.#generation || this.#closed) return;
      // The view keeps what it showed; the next open of the stream loads again.
      this.#loadFailed = true;
      this.#status(
        this.#subscription && !this.#streamStopped
          ? { state: "reconnecting" }
          : { state: "failed", message: errorMessage(error) },
      );
    }
  }

  #pageSize(): number {
    return Math.min(200, Math.max(1, this.#options.pageSize ?? HISTORY_PAGE_SIZE));
  }

  #status(status: FeedStatus): void {
    this.#options.onStatus?.(status);
  }

  #notify(): void {
    if (this.#scheduled || this.#closed) return;
    this.#scheduled = true;
    const schedule = this.#options.schedule ?? defaultSchedule;
    schedule(() => {
      this.#scheduled = false;
      if (!this.#closed) this.#options.onChange(this.#model.view());
    });
  }
}

function defaultSchedule(run: () => void): void {
  if (typeof requestAnimationFrame === "function") requestAnimationFrame(() => run());
  else queueMicrotask(run);
}
