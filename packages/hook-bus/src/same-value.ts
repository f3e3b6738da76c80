/**
 * Structural equality of JSON-like values: primitives by `Object.is`, arrays item by item, plain
 * objects key by key (a key holding `undefined` counts as absent). Used for pinned fields, where
 * a hook that spreads the event keeps the very same object and the fast path is one comparison.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameValue(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  for (const key of Object.keys(left)) {
    if (!sameValue(left[key], right[key])) return false;
  }
  for (const key of Object.keys(right)) {
    if (left[key] === undefined && right[key] !== undefined) return false;
  }
  return true;
}

/** True for `{}`-like objects (not arrays, not class instances other than null-prototype ones). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
