/**
 * Remembers the last live event applied, so that an event delivered twice (a replay overlapping
 * what was already applied) is applied once. Daemon event ids are `<boot>.<counter>`: the counter
 * grows within one daemon's life; a different boot id starts a new sequence. Ids of any other
 * shape (or none) cannot be ordered and are always accepted.
 */
export class EventCursor {
  #boot: string | undefined;
  #counter = -1;

  /** The id of the last event accepted, in the daemon's format (undefined before any). */
  get lastId(): string | undefined {
    return this.#boot === undefined ? undefined : `${this.#boot}.${this.#counter}`;
  }

  /** True (and remembered) when the event with this id has not been applied yet. */
  accept(id: string): boolean {
    const parsed = parseEventId(id);
    if (!parsed) return true;
    if (parsed.boot === this.#boot && parsed.counter <= this.#counter) return false;
    this.#boot = parsed.boot;
    this.#counter = parsed.counter;
    return true;
  }
}

/** Splits a daemon event id into its boot id and counter; undefined for any other shape. */
export function parseEventId(id: string): { boot: string; counter: number } | undefined {
  const match = /^([^.]+)\.(\d{1,15})$/.exec(id);
  if (!match?.[1] || match[2] === undefined) return undefined;
  return { boot: match[1], counter: Number(match[2]) };
}
