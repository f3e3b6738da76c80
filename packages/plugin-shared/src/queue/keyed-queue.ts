const settled = (): void => {};

/**
 * Serializes async work per key: tasks queued under one key run one at a time, in call order;
 * tasks under different keys run concurrently. A task that throws or rejects does not stop the
 * ones queued after it; each caller gets its own task's outcome. A key is forgotten once its last
 * task has settled, so a long-lived queue holds only keys with work in flight.
 *
 * Keys are compared as `Map` keys (`SameValueZero`): normalize them first where two spellings
 * mean one thing (a path with `resolve`). Only this queue is ordered: other queues, other copies
 * of this package and other processes are not locked out.
 */
export class KeyedQueue<K = string> {
  readonly #tails = new Map<K, Promise<void>>();

  /**
   * Runs `task` once every task queued before it under `key` has settled (fulfilled or rejected),
   * and resolves or rejects with its outcome. A synchronous throw from `task` becomes the
   * rejection; a synchronous value is resolved.
   */
  run<T>(key: K, task: () => T | PromiseLike<T>): Promise<T> {
    const result = (this.#tails.get(key) ?? Promise.resolve()).then(task);
    const tail = result.then(settled, settled);
    this.#tails.set(key, tail);
    void tail.then(() => {
      if (this.#tails.get(key) === tail) this.#tails.delete(key);
    });
    return result;
  }

  /**
   * Runs `task` while holding every key in `keys`. Keys are taken once each, one after another in
   * sorted order of `String(key)` (so two callers holding overlapping sets cannot wait on each
   * other): the task waits behind each key's earlier tasks, and a task queued under a key after
   * this call has taken it waits for this task. No keys: `task` runs at once.
   */
  runAll<T>(keys: Iterable<K>, task: () => T | PromiseLike<T>): Promise<T> {
    const unique = [...new Set(keys)].sort((a, b) => compare(String(a), String(b)));
    const step = (index: number): Promise<T> => {
      if (index === unique.length) return Promise.resolve().then(task);
      return this.run(unique[index] as K, () => step(index + 1));
    };
    return step(0);
  }

  /** How many keys have a task queued or running now. */
  get size(): number {
    return this.#tails.size;
  }

  /**
   * Resolves once every task queued before this call has settled, whatever its outcome (for a
   * shutdown that waits for writes in flight). Never rejects. Tasks queued later are not waited
   * for.
   */
  async idle(): Promise<void> {
    await Promise.all(this.#tails.values());
  }
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
