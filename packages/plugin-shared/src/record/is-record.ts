/**
 * A value {@link isRecord} accepted: string keys to unknown values. Its prototype is not
 * guaranteed (it may be `null`, a class's, or a Map's), so read own keys with `Object.hasOwn`.
 */
export type UnknownRecord = Record<string, unknown>;

/**
 * True for any object that is not `null` and not an array; false for every other value
 * (primitives, `undefined`, functions). It does not require `Object.prototype`: an object from
 * `Object.create(null)` is a record, and so are class instances, `Date`s and `Map`s. Exact keys
 * and their types stay the caller's to check. Synchronous; reads no property and runs no getter.
 * The one throw is `Array.isArray`'s own: a TypeError for a revoked Proxy.
 */
export function isRecord(value: unknown): value is UnknownRecord {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
