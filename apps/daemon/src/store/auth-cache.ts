/** How many answers an {@link AuthCache} remembers at once (ours); full, it starts over. */
export const AUTH_CACHE_SIZE = 10_000;

/**
 * Remembers authentication answers (verified tokens at the HTTP gate, grant sets in the SQLite
 * store) so an authenticated request costs no query. The store holds the database's exclusive
 * lock, so every change passes through it: whoever changes what an entry answers clears the
 * cache (or, at the gate, the store's `authEpoch()` moves), and the next request reads again.
 */
export class AuthCache<V> {
  readonly #entries = new Map<string, V>();

  get(key: string): V | undefined {
    return this.#entries.get(key);
  }

  set(key: string, value: V): void {
    if (this.#entries.size >= AUTH_CACHE_SIZE) this.#entries.clear();
    this.#entries.set(key, value);
  }

  clear(): void {
    this.#entries.clear();
  }
}
