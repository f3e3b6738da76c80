import { releaseOnce } from "../host/release-once.js";

/**
 * The review runners: a bounded pool admitted opportunistically. `tryAdmit` answers a release at
 * once when a runner is free and undefined when the pool is disabled (size 0), full or closed: it
 * never queues, so a review never waits behind interactive work or another review.
 */
export class ReviewRunnerPool {
  readonly size: number;
  #active = 0;
  #closed = false;

  constructor(size: number) {
    if (!Number.isSafeInteger(size) || size < 0)
      throw new RangeError(`the review runner pool size must be a whole number >= 0, got ${size}`);
    this.size = size;
  }

  /** Runners busy now. */
  get active(): number {
    return this.#active;
  }

  /** A runner's release, or undefined when none is free (disabled, full or closed). */
  tryAdmit(): (() => void) | undefined {
    if (this.#closed || this.#active >= this.size) return undefined;
    this.#active += 1;
    return releaseOnce(() => {
      this.#active -= 1;
    });
  }

  /** Admits nothing more (the daemon is stopping). */
  close(): void {
    this.#closed = true;
  }
}
