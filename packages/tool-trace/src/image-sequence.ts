import type { ImageRef } from "@elowen/plugin-api/trace";

/**
 * A producer's image ordering: externalizations run one after another in completion order, so
 * `imageOrder` is completion order; the order advances only when a record keeps its references,
 * and the latest image is the last reference of the newest such record.
 */
export class ImageSequence {
  #order = 0;
  #queue: Promise<unknown> = Promise.resolve();
  #latest: ImageRef | undefined;

  /** The order the next retained record would take. */
  get next(): number {
    return this.#order + 1;
  }

  /** The newest retained reference. */
  get latest(): ImageRef | undefined {
    return this.#latest;
  }

  /** Runs `work` after every externalization queued before it. */
  enqueue<T>(work: () => Promise<T>): Promise<T> {
    const turn = this.#queue.then(work);
    this.#queue = turn.catch(() => {});
    return turn;
  }

  /** Resolves once every queued externalization has settled. */
  idle(): Promise<unknown> {
    return this.#queue;
  }

  /** A record kept `images`: spend the next order; its last reference becomes the latest. */
  retain(images: readonly ImageRef[]): number {
    const last = images[images.length - 1];
    if (last === undefined) return this.#order;
    this.#latest = last;
    return ++this.#order;
  }
}
