import { ElowenApiError } from "./api-error.js";
import type { SessionEvent } from "./schemas/events.js";
import { parseSse } from "./sse-parser.js";

/** How a subscription reconnects after its stream ends or fails. */
export interface ReconnectPolicy {
  /** First delay in milliseconds (default 500); a server `retry:` field replaces it. */
  readonly initialDelayMs?: number;
  /** The delay doubles up to this cap (default 15,000). */
  readonly maxDelayMs?: number;
}

/** Options of {@link subscribeEvents}. */
export interface SubscribeOptions {
  /** Called for every event, in order. A throw stops the subscription and reaches `onError`. */
  readonly onEvent: (event: SessionEvent) => void;
  /** Called when the subscription stops for good: a refusal (4xx) or a throwing `onEvent`. */
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
 * fails. A 4xx answer stops it (the token or the session is wrong; retrying cannot help).
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
  let delay = initial;

  const run = async () => {
    while (!controller.signal.aborted) {
      try {
        const response = await fetchImpl(url, {
          headers: {
            ...headers,
            accept: "text/event-stream",
            ...(lastId === undefined ? {} : { "last-event-id": lastId }),
          },
          signal: controller.signal,
        });
        if (!response.ok) {
          const error = await ElowenApiError.fromResponse(response);
          if (response.status >= 400 && response.status < 500) throw new StopError(error);
        } else if (response.body) {
          options.onOpen?.();
          delay = initial;
          for await (const message of parseSse(response.body)) {
            if (message.retry !== undefined) delay = message.retry;
            if (message.id !== undefined) lastId = message.id;
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
