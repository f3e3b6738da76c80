/**
 * Applies the changes of one key (a plugin's set) in the order they were requested: each waits for
 * the one before it to settle, whether that succeeded or failed. Work that can start early (reading
 * files) is started by the caller; only the step that changes the set waits its turn.
 */
export class ChangeQueue {
  readonly #tails = new Map<string, Promise<unknown>>();

  /** Runs `apply` after every change of `key` requested before it. */
  run<T>(key: string, apply: () => Promise<T> | T): Promise<T> {
    const done = (this.#tails.get(key) ?? Promise.resolve()).then(apply);
    const settled = done.catch(() => undefined);
    this.#tails.set(key, settled);
    void settled.then(() => {
      if (this.#tails.get(key) === settled) this.#tails.delete(key);
    });
    return done;
  }
}

/** Marks a promise handled now; it is awaited (and its failure surfaced) when its turn comes. */
export function started<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}
