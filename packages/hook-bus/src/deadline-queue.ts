import type { Clock, TimerHandle, Timers } from "./time.js";

/** Where an entry's deadline is kept (symbol keys keep them off a hook's view of `$`). */
export const DEADLINE_AT: unique symbol = Symbol("deadlineAt");
/** The entry's position in the queue's heap, -1 when it is not queued. */
export const DEADLINE_SLOT: unique symbol = Symbol("deadlineSlot");
/** Called once when the entry's deadline passes while it is queued. */
export const DEADLINE_EXPIRE: unique symbol = Symbol("deadlineExpire");

/** Anything with a deadline: a hook invocation or a batch of them. */
export abstract class DeadlineEntry {
  [DEADLINE_AT] = 0;
  [DEADLINE_SLOT] = -1;
  abstract [DEADLINE_EXPIRE](): void;
}

/**
 * Every budget of a bus in one binary heap behind one timer. The timer is armed for the earliest
 * deadline; adding a later deadline costs no timer call. When the heap empties the timer is kept
 * but unref'd (so it holds neither the process nor a leak) and lapses on its own at its time;
 * the next entry re-refs it. So a stream of short calls creates about one timer per budget
 * length, not one per call.
 */
export class DeadlineQueue {
  readonly #clock: Clock;
  readonly #timers: Timers;
  #heap: DeadlineEntry[] = [];
  #timer: TimerHandle | undefined;
  #timerAt = Number.POSITIVE_INFINITY;
  #refed = false;

  constructor(clock: Clock, timers: Timers) {
    this.#clock = clock;
    this.#timers = timers;
  }

  /** How many deadlines are pending. */
  get size(): number {
    return this.#heap.length;
  }

  /** Queues `entry` to expire at `at` (clock milliseconds). Re-adding moves it. */
  add(entry: DeadlineEntry, at: number): void {
    if (entry[DEADLINE_SLOT] >= 0) this.remove(entry);
    entry[DEADLINE_AT] = at;
    const heap = this.#heap;
    entry[DEADLINE_SLOT] = heap.length;
    heap.push(entry);
    this.#up(heap.length - 1);
    if (at < this.#timerAt) this.#arm(at);
    else if (!this.#refed) this.#ref(true);
  }

  /** Takes `entry` off the queue; a no-op when it is not queued. */
  remove(entry: DeadlineEntry): void {
    const slot = entry[DEADLINE_SLOT];
    if (slot < 0) return;
    entry[DEADLINE_SLOT] = -1;
    const heap = this.#heap;
    const last = heap.pop() as DeadlineEntry;
    if (slot < heap.length) {
      heap[slot] = last;
      last[DEADLINE_SLOT] = slot;
      this.#down(slot);
      this.#up(last[DEADLINE_SLOT]);
    }
    if (heap.length === 0 && this.#refed) this.#ref(false);
  }

  /** Clears the timer; queued entries stay queued and expire only if the queue is used again. */
  close(): void {
    if (this.#timer !== undefined) this.#timers.clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#timerAt = Number.POSITIVE_INFINITY;
    this.#refed = false;
  }

  #arm(at: number): void {
    if (this.#timer !== undefined) this.#timers.clearTimeout(this.#timer);
    const delay = Math.max(0, at - this.#clock.now());
    this.#timer = this.#timers.setTimeout(this.#fire, Math.ceil(delay));
    this.#timerAt = at;
    this.#refed = true;
    if (this.#heap.length === 0) this.#ref(false);
  }

  #ref(on: boolean): void {
    this.#refed = on;
    const timer = this.#timer;
    if (timer === undefined) return;
    if (on) timer.ref?.();
    else timer.unref?.();
  }

  readonly #fire = (): void => {
    this.#timer = undefined;
    this.#timerAt = Number.POSITIVE_INFINITY;
    this.#refed = false;
    const now = this.#clock.now();
    const heap = this.#heap;
    while (heap.length > 0) {
      const first = heap[0] as DeadlineEntry;
      if (first[DEADLINE_AT] > now) break;
      this.remove(first);
      first[DEADLINE_EXPIRE]();
    }
    const next = heap[0];
    if (next !== undefined && this.#timer === undefined) this.#arm(next[DEADLINE_AT]);
  };

  #up(slot: number): void {
    const heap = this.#heap;
    const entry = heap[slot] as DeadlineEntry;
    while (slot > 0) {
      const parentSlot = (slot - 1) >> 1;
      const parent = heap[parentSlot] as DeadlineEntry;
      if (parent[DEADLINE_AT] <= entry[DEADLINE_AT]) break;
      heap[slot] = parent;
      parent[DEADLINE_SLOT] = slot;
      slot = parentSlot;
    }
    heap[slot] = entry;
    entry[DEADLINE_SLOT] = slot;
  }

  #down(slot: number): void {
    const heap = this.#heap;
    const entry = heap[slot] as DeadlineEntry;
    const length = heap.length;
    for (;;) {
      let child = 2 * slot + 1;
      if (child >= length) break;
      const right = child + 1;
      if (
        right < length &&
        (heap[right] as DeadlineEntry)[DEADLINE_AT] < (heap[child] as DeadlineEntry)[DEADLINE_AT]
      )
        child = right;
      const smaller = heap[child] as DeadlineEntry;
      if (smaller[DEADLINE_AT] >= entry[DEADLINE_AT]) break;
      heap[slot] = smaller;
      smaller[DEADLINE_SLOT] = slot;
      slot = child;
    }
    heap[slot] = entry;
    entry[DEADLINE_SLOT] = slot;
  }
}
