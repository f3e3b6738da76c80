import type { SessionEvent } from "@elowen/wire";
import { ElowenApiError } from "./api-error.js";
import {
  globalTimers,
  ReconnectDelay,
  type ReconnectPolicy,
  SERVER_DELAY_CAP_MS,
  SSE_IDLE_TIMEOUT_MS,
  type SubscriptionTimers,
} from "./reconnect-delay.js";
import { readSse } from "./sse-reader.js";

/**
 * How many delivered event ids a subscription remembers to drop a repeat of one (ours). A
 * daemon replays only the events after `Last-Event-ID`, so a repeat means a server or proxy
 * replayed too much; the listener still sees each event once.
 */
export const SEEN_EVENT_IDS = 2048;

/** HTTP statuses after which retrying can help: a timeout and rate limiting (ours). */
const RETRIABLE_4XX = new Set([408, 429]);

/** Options of a subscription to a session's live events. */
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
  /**
   * Called when a stream could not open or broke and a reconnect is scheduled (the daemon is
   * down or restarting, the network dropped): a client can show that it is reconnecting.
   */
  readonly onDrop?: (error: unknown) => void;
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
 * Reconnects wait as {@link ReconnectDelay} says: the server's `retry:`, doubled while attempts
 * fail, with jitter.
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
  // The WHATWG last event id: set by every id field, sent on reconnect unless empty.
  let lastId = options.lastEventId;
  const timers = options.reconnect?.timers ?? globalTimers;
  const idleMs = options.reconnect?.idleTimeoutMs ?? SSE_IDLE_TIMEOUT_MS;
  const delay = new ReconnectDelay(options.reconnect);
  const seen = new Set<string>();
  const isRepeat = (id: string) => {
    if (seen.has(id)) return true;
    seen.add(id);
    if (seen.size > SEEN_EVENT_IDS) seen.delete(seen.values().next().value as string);
    return false;
  };

  const connect = async () => {
    // One connection: aborted by the subscription, or alone when it goes silent.
    const connection = new AbortController();
    const abortConnection = () => connection.abort();
    controller.signal.addEventListener("abort", abortConnection, { once: true });
    let idle: unknown;
    const watch = () => {
      if (idleMs <= 0) return;
      if (idle !== undefined) timers.clearTimeout(idle);
      idle = timers.setTimeout(abortConnection, idleMs);
    };
    try {
      const response = await fetchImpl(url, {
        headers: {
          ...headers,
          accept: "text/event-stream",
          ...(lastId ? { "last-event-id": lastId } : {}),
        },
        signal: connection.signal,
      });
      if (!response.ok) {
        const error = await ElowenApiError.fromResponse(response);
        const status = response.status;
        if (RETRIABLE_4XX.has(status)) {
          const after = retryAfterMs(response);
          if (after !== undefined) delay.retryAfter(after);
        } else if (status >= 400 && status < 500) throw new StopError(error);
        return;
      }
      if (response.status === 204) {
        await response.body?.cancel();
        controller.abort();
        return;
      }
      if (!response.body) return;
      options.onOpen?.();
      delay.opened();
      watch();
      const body = response.body.pipeThrough(
        new TransformStream<Uint8Array, Uint8Array>({
          transform(chunk, out) {
            watch();
            out.enqueue(chunk);
          },
        }),
      );
      for await (const record of readSse(body)) {
        if (record.kind === "retry") {
          delay.serverRetry(record.ms);
          continue;
        }
        if (record.id !== undefined) {
          lastId = record.id;
          // A reset is never a repeat: it tells the client to reload, whatever its id.
          if (record.type !== "reset" && record.id !== "" && isRepeat(record.id)) continue;
        }
        try {
          options.onEvent({ id: lastId ?? "", type: record.type, data: decode(record.data) });
        } catch (error) {
          throw new StopError(error);
        }
      }
    } finally {
      if (idle !== undefined) timers.clearTimeout(idle);
      controller.signal.removeEventListener("abort", abortConnection);
      // Whatever ended this connection (a stop, a broken stream), its socket is released.
      connection.abort();
    }
  };

  const run = async () => {
    while (!controller.signal.aborted) {
      let dropped: unknown;
      try {
        await connect();
        dropped = new Error("the event stream ended");
      } catch (error) {
        if (error instanceof StopError) {
          options.onError?.(error.cause);
          controller.abort();
          return;
        }
        // The network failed or the stream broke: reconnect below.
        dropped = error;
      }
      if (controller.signal.aborted) return;
      options.onDrop?.(dropped);
      await sleep(timers, delay.nextWait(), controller.signal);
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

/** An event's data as JSON, or the raw text when it is not JSON (a future event type may not be). */
function decode(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return data;
  }
}

/** A `Retry-After` header in milliseconds: delta seconds, capped at an hour; dates are ignored. */
function retryAfterMs(response: Response): number | undefined {
  const value = response.headers.get("retry-after")?.trim();
  if (!value || !/^\d{1,7}$/.test(value)) return undefined;
  return Math.min(Number(value) * 1000, SERVER_DELAY_CAP_MS);
}

class StopError extends Error {
  constructor(cause: unknown) {
    super("subscription stopped", { cause });
  }
}

function sleep(timers: SubscriptionTimers, ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = timers.setTimeout(done, ms);
    function done() {
      timers.clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });
}
