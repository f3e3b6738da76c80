/**
 * A redraw clock that runs only while something on screen moves (a spinner, a live elapsed time):
 * the host is never polled; only the local clock advances.
 */
export class Ticker {
  readonly #intervalMs: number;
  readonly #tick: () => void;
  #timer: ReturnType<typeof setInterval> | undefined;

  constructor(intervalMs: number, tick: () => void) {
    this.#intervalMs = intervalMs;
    this.#tick = tick;
  }

  /** Starts or stops the clock. */
  set(moving: boolean): void {
    if (moving && !this.#timer) this.#timer = setInterval(this.#tick, this.#intervalMs);
    else if (!moving) this.stop();
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
  }
}
