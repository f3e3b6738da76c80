/** How a subscription reconnects after its stream ends or fails. */
export interface ReconnectPolicy {
  /** First delay in milliseconds (default 500); a server `retry:` field replaces it. */
  readonly initialDelayMs?: number;
  /**
   * Failed attempts double the delay up to this cap (default 15,000); a server `retry:` field or
   * `Retry-After` header larger than the cap is still honoured.
   */
  readonly maxDelayMs?: number;
  /**
   * A stream silent this long is taken for dead and reconnected (default
   * {@link SSE_IDLE_TIMEOUT_MS}; 0 never). The daemon sends a keep-alive every 15 s, so only a
   * connection that died without closing (a sleeping laptop, a dropped NAT entry) goes quiet.
   */
  readonly idleTimeoutMs?: number;
  /** The timers the subscription waits with (default the global ones); tests inject their own. */
  readonly timers?: SubscriptionTimers;
  /** The randomness of the jitter: a number in [0, 1) per wait (default `Math.random`). */
  readonly random?: () => number;
}

/** The two timer functions a subscription uses, as the global `setTimeout` and `clearTimeout`. */
export interface SubscriptionTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** How long a stream may stay silent before it is reconnected: three daemon keep-alives (ours). */
export const SSE_IDLE_TIMEOUT_MS = 45_000;

/** The longest wait a server's `retry:` field or `Retry-After` header can ask for: an hour (ours). */
export const SERVER_DELAY_CAP_MS = 3_600_000;

/** The global timers, called through so that a browser's `this` rules are kept. */
export const globalTimers: SubscriptionTimers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * The delay before each reconnect attempt. Its base is the server's `retry:` once one came (it
 * holds for the rest of the subscription, as the WHATWG reconnection time does), else
 * `initialDelayMs`. Each wait doubles the delay for the next attempt, up to `maxDelayMs` (or the
 * base when that is larger); a stream that opens goes back to the base. Every wait gets jitter
 * added above the delay, at most half of it and at most half of `maxDelayMs`, so that clients cut
 * off together do not come back together, and never sooner than the server asked.
 */
export class ReconnectDelay {
  #base: number;
  #delay: number;
  readonly #max: number;
  readonly #random: () => number;

  constructor(policy: ReconnectPolicy = {}) {
    this.#base = policy.initialDelayMs ?? 500;
    this.#delay = this.#base;
    this.#max = policy.maxDelayMs ?? 15_000;
    this.#random = policy.random ?? Math.random;
  }

  /** The server's `retry:` field: the new base delay, capped at {@link SERVER_DELAY_CAP_MS}. */
  serverRetry(ms: number): void {
    this.#base = Math.min(ms, SERVER_DELAY_CAP_MS);
    this.#delay = this.#base;
  }

  /** A `Retry-After` answer: the next wait is at least this long. */
  retryAfter(ms: number): void {
    this.#delay = Math.min(ms, SERVER_DELAY_CAP_MS);
  }

  /** A stream opened: the next wait is the base delay again. */
  opened(): void {
    this.#delay = this.#base;
  }

  /** The wait before the next attempt, jitter included; the delay after it doubles. */
  nextWait(): number {
    const delay = this.#delay;
    this.#delay = Math.min(Math.max(this.#max, this.#base), Math.max(1, delay * 2));
    const drawn = this.#random();
    const random = drawn > 0 ? Math.min(drawn, 1) : 0; // NaN and negatives count as 0
    return delay + Math.floor((random * Math.min(delay, this.#max)) / 2);
  }
}
