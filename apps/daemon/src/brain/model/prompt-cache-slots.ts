/**
 * How many sessions the offline model keeps a prompt-cache estimate for (ours). pi-ai's faux
 * provider keeps the last prompt of every session id it is given, for ever; the offline model
 * hands it one of this many slot ids instead, so a long-running daemon keeps a bounded number.
 */
export const OFFLINE_PROMPT_CACHE_SESSIONS = 256;

/**
 * Maps session ids onto a fixed pool of cache slot ids, least recently used first out: a session
 * keeps its slot while it is among the `size` most recently used, and a new session past that
 * takes the slot of the least recently used one (whose next request then estimates its cache
 * against the prompt last seen in that slot, as a shared prefix cache would).
 */
export class PromptCacheSlots {
  readonly #size: number;
  readonly #slots = new Map<string, string>();

  constructor(size = OFFLINE_PROMPT_CACHE_SESSIONS) {
    if (!Number.isSafeInteger(size) || size < 1)
      throw new RangeError(`the prompt cache needs at least one slot, got ${size}`);
    this.#size = size;
  }

  /** The slot id of a session, most recently used from now on. */
  key(sessionId: string): string {
    let slot = this.#slots.get(sessionId);
    if (slot !== undefined) {
      this.#slots.delete(sessionId);
    } else if (this.#slots.size < this.#size) {
      slot = `offline-cache-${this.#slots.size}`;
    } else {
      const [oldest, freed] = this.#slots.entries().next().value as [string, string];
      this.#slots.delete(oldest);
      slot = freed;
    }
    this.#slots.set(sessionId, slot);
    return slot;
  }

  /** How many sessions hold a slot now (at most the pool's size). */
  get size(): number {
    return this.#slots.size;
  }
}
