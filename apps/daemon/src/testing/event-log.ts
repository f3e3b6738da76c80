import type { ElowenClient } from "@elowen/client";
import { errorMessage } from "@elowen/plugin-shared/errors";
import {
  parseSessionEvent,
  SESSION_EVENT_DATA_SCHEMAS,
  type SessionEvent,
  type SessionEventType,
  type TypedSessionEvent,
} from "@elowen/wire";
import { TestingError } from "./testing-error.js";
import { waitTimeout } from "./wait-timeout.js";

/** The parsed live event of one type. */
export type SessionEventOf<T extends SessionEventType> = Extract<TypedSessionEvent, { type: T }>;

/** How long a wait lasts. */
export interface WaitOptions {
  /** Milliseconds before the wait fails with `wait_timeout` (default 10,000; 1 to 2^31 - 1). */
  readonly timeoutMs?: number;
}

/**
 * A session's live events as a client receives them over real server-sent events, parsed by type
 * (events of a type the client does not know are left out). `next` resolves with the first event
 * of a type that matches, whether it arrived before the call or after.
 */
export interface EventLog {
  /** Every event so far as it came over the wire, in order, including types the client does not know (a plugin's own). */
  readonly raw: readonly SessionEvent[];
  /** Every parsed event so far, in order. */
  readonly events: readonly TypedSessionEvent[];
  /** The events of one type so far, in order. */
  of<T extends SessionEventType>(type: T): SessionEventOf<T>[];
  /**
   * The first event of `type` (that `where` accepts), already received or still to come. Fails
   * with `wait_timeout` when none arrives in time, `stream_stopped` when the daemon refused the
   * stream, `stream_closed` when the log is closed first, `invalid_option` for an unknown type.
   */
  next<T extends SessionEventType>(
    type: T,
    where?: (event: SessionEventOf<T>) => boolean,
    options?: WaitOptions,
  ): Promise<SessionEventOf<T>>;
  /** Ends the subscription; waits still pending fail with `stream_closed`. */
  close(): Promise<void>;
}

interface Waiter {
  readonly test: (event: TypedSessionEvent) => boolean;
  readonly resolve: (event: TypedSessionEvent) => void;
  readonly reject: (error: TestingError) => void;
}

/**
 * Subscribes `client` to the events of `sessionId`; resolves once the stream is open, so that
 * nothing published after it is missed. Fails with `stream_stopped` when the daemon refuses the
 * stream (a wrong token or session) and `wait_timeout` when it does not open in time.
 */
export async function subscribeEvents(
  client: ElowenClient,
  sessionId: string,
  options: WaitOptions = {},
): Promise<EventLog> {
  if (typeof sessionId !== "string" || sessionId === "")
    throw new TestingError("invalid_option", "sessionId must be a non-empty string");
  const openTimeout = waitTimeout("timeoutMs", options.timeoutMs);
  const raw: SessionEvent[] = [];
  const events: TypedSessionEvent[] = [];
  const waiters = new Set<Waiter>();
  let ended: TestingError | undefined;
  const end = (error: TestingError) => {
    ended ??= error;
    for (const waiter of waiters) waiter.reject(error);
    waiters.clear();
  };
  let opened: () => void = () => undefined;
  let refused: (error: TestingError) => void = () => undefined;
  const open = new Promise<void>((resolve, reject) => {
    opened = resolve;
    refused = reject;
  });
  const stopped = (error: unknown) => {
    const reason = errorMessage(error);
    const stop = new TestingError(
      "stream_stopped",
      `the event stream of session ${sessionId} stopped for good: ${reason}`,
      { cause: error },
    );
    refused(stop);
    end(stop);
  };
  const subscription = client.sessions.events(sessionId, {
    onOpen: () => opened(),
    onError: stopped,
    onEvent: (received) => {
      raw.push(received);
      const event = parseSessionEvent(received);
      if (!event) return;
      events.push(event);
      for (const waiter of waiters)
        if (waiter.test(event)) {
          waiters.delete(waiter);
          waiter.resolve(event);
        }
    },
  });
  let openTimer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    openTimer = setTimeout(
      () =>
        reject(
          new TestingError(
            "wait_timeout",
            `the event stream of session ${sessionId} did not open within ${openTimeout} ms`,
          ),
        ),
      openTimeout,
    );
  });
  try {
    await Promise.race([open, timedOut]);
  } catch (error) {
    await subscription.close();
    throw error;
  } finally {
    clearTimeout(openTimer);
  }
  const of = <T extends SessionEventType>(type: T) =>
    events.filter((e) => e.type === type) as SessionEventOf<T>[];
  return {
    raw,
    events,
    of,
    next(type, where, waitOptions = {}) {
      if (!Object.hasOwn(SESSION_EVENT_DATA_SCHEMAS, type))
        return Promise.reject(
          new TestingError(
            "invalid_option",
            `type must be a session event type (${Object.keys(SESSION_EVENT_DATA_SCHEMAS).join(", ")}); got ${JSON.stringify(type)}`,
          ),
        );
      let timeoutMs: number;
      try {
        timeoutMs = waitTimeout("timeoutMs", waitOptions.timeoutMs);
      } catch (error) {
        return Promise.reject(error);
      }
      const test = (e: TypedSessionEvent) =>
        e.type === type && (where === undefined || where(e as SessionEventOf<typeof type>));
      const found = events.find(test);
      if (found) return Promise.resolve(found as SessionEventOf<typeof type>);
      if (ended) return Promise.reject(ended);
      return new Promise((resolve, reject) => {
        let timer: NodeJS.Timeout | undefined;
        const waiter: Waiter = {
          test,
          resolve: (event) => {
            clearTimeout(timer);
            resolve(event as SessionEventOf<typeof type>);
          },
          reject: (error) => {
            clearTimeout(timer);
            reject(error);
          },
        };
        timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(
            new TestingError(
              "wait_timeout",
              `no ${type} event${where ? " that matched" : ""} arrived in session ${sessionId} within ${timeoutMs} ms (received: ${events.map((e) => e.type).join(", ") || "nothing"})`,
            ),
          );
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    async close() {
      end(new TestingError("stream_closed", `the event log of session ${sessionId} was closed`));
      await subscription.close();
    },
  };
}
