/** A source of milliseconds. The bus reads it for deadlines, durations and `$.now()`. */
export interface Clock {
  now(): number;
}

/** A timer handle as Node returns it; `ref`/`unref` are used when present. */
export interface TimerHandle {
  ref?(): unknown;
  unref?(): unknown;
}

/**
 * The timer functions the bus uses: at most one pending timer at any moment, shared by every
 * budget. Injected so that tests drive time by hand.
 */
export interface Timers {
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

/** The host's wall clock, in epoch milliseconds (a `plugin.shutdown` deadline is one). */
export const systemClock: Clock = { now: () => Date.now() };

/** Node's own timers. */
export const systemTimers: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};
