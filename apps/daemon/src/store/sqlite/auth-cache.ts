/** How many verified tokens (and grant sets) are remembered at once (ours). */
export const AUTH_CACHE_SIZE = 10_000;

/**
 * Remembers verified tokens and grant sets so an authenticated request costs no query. The store
 * holds the database's exclusive lock, so every change passes through it: revoking a token,
 * removing an account or changing grants clears the cache at once, and the next request reads
 * the database again.
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
