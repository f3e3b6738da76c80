import { ElowenApiError } from "./api-error.js";
import type { SessionEvent } from "./schemas/events.js";
import { parseSse } from "./sse-parser.js";

/** How a subscription reconnects after its stream ends or fails. */
export interface ReconnectPolicy {
  /** First delay in milliseconds (default 500); a server `retry:` field replaces it. */
  readonly initialDelayMs?: number;
  /** The delay doubles up to this cap (default 15,000). */
  readonly maxDelayMs?: number;
  /**
   * A stream silent this long is taken for dead and reconnected (default
   * {@link SSE_IDLE_TIMEOUT_MS}; 0 never). The daemon sends a keep-alive every 15 s, so only a
   * connection that died without closing (a sleeping laptop, a dropped NAT entry) goes quiet.
   */
  readonly idleTimeoutMs?: number;
}

/** How long a stream may stay silent before it is reconnected: three daemon keep-alives (ours). */
export const SSE_IDLE_TIMEOUT_MS = 45_000;

/**
 * How many delivered event ids a subscription remembers to drop a repeat of one (ours). A
 * daemon replays only the events after `Last-Event-ID`, so a repeat means a server or proxy
 * replayed too much; the listener still sees each event once.
 */
export const SEEN_EVENT_IDS = 2048;

/** HTTP statuses after which retrying can help: a timeout and rate limiting (ours). */
const RETRIABLE_4XX = new Set([408, 429]);

/** Options of {@link subscribeEvents}. */
export interface SubscribeOptions {
  /** Called for every event, in order. A throw stops the subscription and reaches `onError`. */
  readonly onEvent: (event: SessionEvent) => void;
  /**
   * Called when the subscription stops for good: a refusal (a 4xx other than 408 and 429, which
   * are retried) or a throwing `onEvent`.
   */
  readonly onError?: (error: unknown) => void;
  /** Called each time a stream opens (first connect and every reconnect). */
  readonly onOpen?: () => void;
  /** Resume after this event id (sent as `Last-Event-ID`). */
  readonly lastEventId?: string;
  /** Aborting ends the subscription. */
  readonly signal?: AbortSignal;
  readonly reconnect?: ReconnectPolicy;
}

/** A live subscription: its last seen event id and a way to end it. */
export interface EventSubscription {
  /** The id of the last event delivered, which a later subscription may resume from. */
  lastEventId(): string | undefined;
  /** Ends the subscription; resolves once the stream is closed. */
  close(): Promise<void>;
  /** Resolves when the subscription has stopped (closed, aborted or refused). */
  readonly done: Promise<void>;
}

/**
 * Reads a server-sent event stream with fetch (so it can send a bearer token, which the browser's
 * EventSource cannot), and reconnects with `Last-Event-ID` when the stream ends or the network
 * fails, so nothing is lost: the daemon replays what came after that id, or sends a `reset` event
 * when it cannot. Each event reaches `onEvent` once: an event cut off mid-frame is never
 * delivered (it comes again after the reconnect), and a repeated id is dropped. A 4xx answer
 * stops it (the token or the session is wrong; retrying cannot help), except 408 and 429, which
 * are retried after `Retry-After` when the daemon sends one. A 204 ends it (the daemon has
 * nothing more to send). A stream silent for `idleTimeoutMs` is taken for dead and reconnected.
 */
export function subscribeEvents(
  url: string,
  headers: Readonly<Record<string, string>>,
  fetchImpl: typeof fetch,
  options: SubscribeOptions,
): EventSubscription {
  const controller = new AbortController();
  const outer = options.signal;
  const onOuterAbort = () => controller.abort();
  outer?.addEventListener("abort", onOuterAbort, { once: true });
  if (outer?.aborted) controller.abort();
  let lastId = options.lastEventId;
  const initial = options.reconnect?.initialDelayMs ?? 500;
  const max = options.reconnect?.maxDelayMs ?? 15_000;
  const idleMs = options.reconnect?.idleTimeoutMs ?? SSE_IDLE_TIMEOUT_MS;
  let delay = initial;
  const seen = new Set<string>();
  const remember = (id: string) => {
    seen.add(id);
    if (seen.size > SEEN_EVENT_IDS) seen.delete(seen.values().next().value as string);
  };

  const run = async () => {
    while (!controller.signal.aborted) {
      // One connection: aborted by the subscription, or alone when it goes silent.
      const connection = new AbortController();
      const abortConnection = () => connection.abort();
      controller.signal.addEventListener("abort", abortConnection, { once: true });
      let idle: ReturnType<typeof setTimeout> | undefined;
      const watch = () => {
        if (idleMs <= 0) return;
        clearTimeout(idle);
        idle = setTimeout(abortConnection, idleMs);
      };
      try {
        const response = await fetchImpl(url, {
          headers: {
            ...headers,
            accept: "text/event-stream",
            ...(lastId === undefined ? {} : { "last-event-id": lastId }),
          },
          signal: connection.signal,
        });
        if (!response.ok) {
          const error = await ElowenApiError.fromResponse(response);
          const status = response.status;
          if (RETRIABLE_4XX.has(status)) delay = retryAfterMs(response) ?? delay;
          else if (status >= 400 && status < 500) throw new StopError(error);
        } else if (response.status === 204) {
          await response.body?.cancel();
          controller.abort();
          return;
        } else if (response.body) {
          options.onOpen?.();
          delay = initial;
          watch();
          const body = response.body.pipeThrough(
            new TransformStream<Uint8Array, Uint8Array>({
              transform(chunk, out) {
                watch();
                out.enqueue(chunk);
              },
            }),
          );
          for await (const message of parseSse(body)) {
            if (message.retry !== undefined) delay = message.retry;
            if (message.id !== undefined) {
              lastId = message.id;
              // A reset is never a repeat: it tells the client to reload, whatever its id.
              if (message.event !== "reset" && message.id !== "") {
                if (seen.has(message.id)) continue;
                remember(message.id);
              }
            }
            let data: unknown = message.data;
            try {
              data = JSON.parse(message.data);
            } catch {
              // Keep the raw text: a future event type may not be JSON.
            }
            try {
              options.onEvent({ id: message.id ?? "", type: message.event, data });
            } catch (error) {
              throw new StopError(error);
            }
          }
        }
      } catch (error) {
        if (error instanceof StopError) {
          options.onError?.(error.cause);
          controller.abort();
          return;
        }
        if (controller.signal.aborted) return;
      } finally {
        clearTimeout(idle);
        controller.signal.removeEventListener("abort", abortConnection);
      }
      await sleep(delay, controller.signal);
      delay = Math.min(max, delay * 2);
    }
  };
  const done = run().finally(() => outer?.removeEventListener("abort", onOuterAbort));
  return {
    lastEventId: () => lastId,
    close: async () => {
      controller.abort();
      await done;
    },
    done,
  };
}

/** A `Retry-After` header in milliseconds: delta seconds, capped at an hour; dates are ignored. */
function retryAfterMs(response: Response): number | undefined {
  const value = response.headers.get("retry-after")?.trim();
  if (!value || !/^\d{1,7}$/.test(value)) return undefined;
  return Math.min(Number(value), 3600) * 1000;
}

class StopError extends Error {
  constructor(cause: unknown) {
    super("subscription stopped", { cause });
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });
}
