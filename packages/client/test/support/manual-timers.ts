import type { SubscriptionTimers } from "../../src/index.js";

/** A timer the subscription asked for, which the test fires by hand. */
export interface ManualTimer {
  readonly ms: number;
  readonly fire: () => void;
  cleared: boolean;
}

/**
 * Timers that never fire on their own: a test sees every delay the subscription asks for and
 * decides when it elapses, so reconnect delays are measured on this clock, not on wall time.
 */
export class ManualTimers implements SubscriptionTimers {
  readonly timers: ManualTimer[] = [];
  #waiters: (() => void)[] = [];

  setTimeout(callback: () => void, ms: number): ManualTimer {
    const timer: ManualTimer = { ms, fire: callback, cleared: false };
    this.timers.push(timer);
    for (const wake of this.#waiters.splice(0)) wake();
    return timer;
  }

  clearTimeout(handle: unknown): void {
    (handle as ManualTimer).cleared = true;
  }

  /** The timers still pending (asked for and neither fired nor cleared). */
  pending(): ManualTimer[] {
    return this.timers.filter((timer) => !timer.cleared);
  }

  /** Resolves with the next pending timer once the subscription has asked for one. */
  async next(): Promise<ManualTimer> {
    for (;;) {
      const timer = this.pending()[0];
      if (timer) return timer;
      await new Promise<void>((resolve) => this.#waiters.push(resolve));
    }
  }

  /** Fires a timer as if its delay had elapsed. */
  elapse(timer: ManualTimer): void {
    timer.cleared = true;
    timer.fire();
  }
}
