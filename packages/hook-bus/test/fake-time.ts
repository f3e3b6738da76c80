import type { Clock, TimerHandle, Timers } from "../src/index.js";

interface FakeTimer extends TimerHandle {
  readonly id: number;
  readonly at: number;
  readonly callback: () => void;
  refed: boolean;
}

/** Lets pending promise reactions run (a real macrotask turn, no timers involved). */
export function flush(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Time driven by hand for tests: a clock and timers that fire only inside `advance`. Counts the
 * timers it was asked for, so a test can say how many a workload created and how many are left.
 */
export class FakeTime implements Clock, Timers {
  #now: number;
  #nextId = 1;
  readonly #pending = new Map<number, FakeTimer>();
  /** How many timers were ever set. */
  created = 0;

  constructor(start = 1_700_000_000_000) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  setTimeout(callback: () => void, ms: number): TimerHandle {
    this.created++;
    const timer: FakeTimer = {
      id: this.#nextId++,
      at: this.#now + Math.max(0, ms),
      callback,
      refed: true,
      ref() {
        timer.refed = true;
      },
      unref() {
        timer.refed = false;
      },
    };
    this.#pending.set(timer.id, timer);
    return timer;
  }

  clearTimeout(handle: TimerHandle): void {
    this.#pending.delete((handle as FakeTimer).id);
  }

  /** Timers set and not yet fired or cleared. */
  get pending(): number {
    return this.#pending.size;
  }

  /** Pending timers that would hold a process open. */
  get refed(): number {
    return [...this.#pending.values()].filter((timer) => timer.refed).length;
  }

  /**
   * Moves the clock forward at once and fires nothing: what a hook that holds the event loop does
   * to time (no timer can fire while it runs; they fire at the next `advance`).
   */
  jump(ms: number): void {
    this.#now += ms;
  }

  /** Moves time forward by `ms`, firing due timers in order and letting promises settle between. */
  async advance(ms: number): Promise<void> {
    const target = this.#now + ms;
    await flush();
    for (;;) {
      const due = [...this.#pending.values()]
        .filter((timer) => timer.at <= target)
        .sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (due === undefined) break;
      this.#now = Math.max(this.#now, due.at);
      this.#pending.delete(due.id);
      due.callback();
      await flush();
    }
    this.#now = target;
    await flush();
  }
}
