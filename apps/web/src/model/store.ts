/**
 * A value that changes over time and tells its listeners: the one state primitive the views
 * subscribe to (`useStore`). Listeners run synchronously after each `set`, in subscription order;
 * one that throws does not keep the others from running.
 */
export class Store<T> {
  #state: T;
  readonly #listeners = new Set<(state: T) => void>();

  constructor(initial: T) {
    this.#state = initial;
  }

  /** The current value. */
  get state(): T {
    return this.#state;
  }

  /** Replaces the value and tells every listener. */
  set(next: T): void {
    this.#state = next;
    for (const listener of [...this.#listeners]) {
      try {
        listener(next);
      } catch (error) {
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }

  /** Listens for changes; returns the way to stop. */
  subscribe(listener: (state: T) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
