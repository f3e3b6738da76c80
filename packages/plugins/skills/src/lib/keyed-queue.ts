/**
 * Runs tasks one at a time per key, in call order; different keys run concurrently. A failed task
 * does not stop the ones queued after it. Keys are forgotten once their queue drains.
 */
export class KeyedQueue<K> {
  readonly #tails = new Map<K, Promise<void>>();

  /** Queues `task` behind every task already queued for `key` and resolves with its result. */
  run<T>(key: K, task: () => Promise<T>): Promise<T> {
    const previous = this.#tails.get(key) ?? Promise.resolve();
    const result = previous.then(task);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.#tails.set(key, tail);
    void tail.then(() => {
      if (this.#tails.get(key) === tail) this.#tails.delete(key);
    });
    return result;
  }

  /**
   * Queues `task` behind every listed key at once. Keys are taken each once and in sorted order,
   * so two callers holding overlapping sets cannot wait on each other.
   */
  runAll<T>(keys: readonly K[], task: () => Promise<T>): Promise<T> {
    const unique = [...new Set(keys)].sort((a, b) => (String(a) < String(b) ? -1 : 1));
    const step = (index: number): Promise<T> => {
      const key = unique[index];
      return key === undefined ? task() : this.run(key, () => step(index + 1));
    };
    return step(0);
  }
}
