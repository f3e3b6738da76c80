import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { PromptBoxModel } from "../model/prompt-box.js";
import { type FeedStatus, SessionFeed } from "../model/session-feed.js";
import type { TranscriptView } from "../model/views.js";
import { useApp } from "./app-context.js";
import { Cards } from "./cards.js";
import { Composer } from "./composer.js";
import { Transcript } from "./transcript.js";

/** The performance mark set when a session's transcript is first drawn and usable. */
export const INTERACTIVE_MARK = "elowen-interactive";

/** Options for tests: how the feed batches its redraws and reconnects. */
export interface ChatViewOptions {
  readonly schedule?: (run: () => void) => void;
  readonly reconnect?: { readonly initialDelayMs?: number; readonly maxDelayMs?: number };
}

/**
 * One session's chat: the transcript streaming over SSE (the feed reconnects without losing or
 * repeating events), older history on demand, the cards, transient notices, and the composer,
 * whose prompt box answers plugins' requests arriving on the same stream.
 */
export function ChatView({
  sessionId,
  options,
}: {
  readonly sessionId: string;
  readonly options?: ChatViewOptions;
}) {
  const { client } = useApp();
  const [view, setView] = useState<TranscriptView>();
  const [status, setStatus] = useState<FeedStatus>({ state: "loading" });
  const [hasOlder, setHasOlder] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const feedRef = useRef<SessionFeed>();
  const endRef = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  // The session's prompt box: plugins' requests reach it through the feed's stream.
  const box = useMemo(() => new PromptBoxModel(client, sessionId), [client, sessionId]);

  useEffect(() => {
    setView(undefined);
    void box.refresh().catch(() => {});
    const feed = new SessionFeed({
      client,
      sessionId,
      intercept: (event) => box.handle(event),
      onChange: (next) => {
        setView(next);
        setHasOlder(feed.hasOlder);
      },
      onStatus: setStatus,
      ...(options?.schedule ? { schedule: options.schedule } : {}),
      ...(options?.reconnect ? { reconnect: options.reconnect } : {}),
    });
    feedRef.current = feed;
    void feed.start().then(() => {
      setView(feed.view);
      setHasOlder(feed.hasOlder);
    });
    return () => {
      void feed.close();
    };
  }, [client, sessionId, options, box]);

  const interactive = useRef(false);
  useEffect(() => {
    if (stick.current) endRef.current?.scrollIntoView?.({ block: "end" });
    // Effects run once the view is drawn and its handlers attached: the session is usable.
    if (view && !interactive.current) {
      interactive.current = true;
      performance.mark?.(INTERACTIVE_MARK);
    }
  }, [view]);

  const onScroll = (event: Event) => {
    const el = event.currentTarget as HTMLElement;
    stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
  };

  return (
    <section class="chat" aria-label="Chat">
      <div class="transcript-scroll" onScroll={onScroll} tabIndex={-1}>
        {status.state === "reconnecting" && (
          <p class="reconnecting" role="status">
            The daemon is not answering: reconnecting… Messages sent from elsewhere meanwhile show
            up when it is back.
          </p>
        )}
        {status.state === "failed" && (
          <p class="error" role="alert">
            The live connection stopped: {status.message}
          </p>
        )}
        {!view && status.state === "loading" && (
          <p class="hint" role="status">
            Loading the conversation…
          </p>
        )}
        {hasOlder && (
          <button
            type="button"
            class="quiet load-older"
            disabled={loadingOlder}
            onClick={async () => {
              stick.current = false;
              setLoadingOlder(true);
              try {
                await feedRef.current?.loadOlder();
              } finally {
                setLoadingOlder(false);
                setHasOlder(feedRef.current?.hasOlder ?? false);
              }
            }}
          >
            {loadingOlder ? "Loading earlier messages…" : "Load earlier messages"}
          </button>
        )}
        {view && <Transcript sessionId={sessionId} turns={view.turns} />}
        {view && view.turns.length === 0 && <p class="hint">Say something to start.</p>}
        <div ref={endRef} />
      </div>
      {view && view.notices.length > 0 && (
        <ul class="notices" aria-live="polite">
          {view.notices.map((notice) => (
            <li key={notice.id} class={`notice ${notice.level}`}>
              {notice.text}
              <button
                type="button"
                class="quiet"
                aria-label="Dismiss notice"
                onClick={() => feedRef.current?.dismissNotice(notice.id)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      {view && <Cards cards={view.cards} />}
      <Composer sessionId={sessionId} running={view?.running ?? false} box={box} />
    </section>
  );
}
