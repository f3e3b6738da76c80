import type { ChainRules } from "./chain-rule-types.js";
import { isPlainObject } from "./same-value.js";

type Event = Record<string, unknown>;

/**
 * A deep copy of a JSON-like value, frozen at every level: what the engine keeps of a pinned
 * field. Arrays and plain objects are copied; anything else (a primitive, a class instance) is
 * kept as it is.
 */
export function frozenCopy(value: unknown): unknown {
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) return Object.freeze(value.map(frozenCopy));
  if (!isPlainObject(value)) return value;
  const copy: Event = {};
  for (const key of Object.keys(value))
    Object.defineProperty(copy, key, {
      value: frozenCopy(value[key]),
      enumerable: true,
      writable: false,
      configurable: false,
    });
  return Object.freeze(copy);
}

/** A plain copy of an event, keys in the same order (so a hook's `{ ...e }` stays on V8's fast path). */
export function eventCopy(event: Event): Event {
  const copy: Event = {};
  for (const key of Object.keys(event)) copy[key] = event[key];
  return copy;
}

/**
 * The engine's own snapshot of a raised input: a frozen copy whose pinned fields are frozen deep
 * copies. Pinned fields are judged against it and read from it, so no hook can reach what the
 * engine reads, whatever it edits in place.
 */
export function chainSnapshot(rules: ChainRules, input: Event): Readonly<Event> {
  const snapshot: Event = {};
  for (const key of Object.keys(input)) {
    const value = input[key];
    snapshot[key] = rules.pinned.includes(key) ? frozenCopy(value) : value;
  }
  return Object.freeze(snapshot);
}

/**
 * `event` with its pinned and engine fields as the snapshot holds them: the event itself when
 * they already are, else a copy. For the hooks beneath one that failed after editing its event.
 */
export function restoreFixed(rules: ChainRules, event: Event, snapshot: Readonly<Event>): Event {
  let copy: Event | undefined;
  for (const field of rules.fixed) {
    if (event[field] === snapshot[field] && field in event === field in snapshot) continue;
    copy ??= eventCopy(event);
    if (field in snapshot) copy[field] = snapshot[field];
    else delete copy[field];
  }
  return copy ?? event;
}
