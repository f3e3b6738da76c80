import { isRecord } from "@elowen/plugin-shared/record";

/**
 * A payload value as a provider's prompt cache compares it: JSON, without the cache breakpoint
 * markers (`cache_control`), which say where a cached prefix ends and move to the newest message
 * of every request; they are not part of the prefix.
 */
function cacheText(value: unknown): string {
  return JSON.stringify(value, (key, inner) => (key === "cache_control" ? undefined : inner));
}

/**
 * Why a child payload does not inherit its source's prefix byte for byte, or undefined when it
 * does: every top-level field but the history (`historyKey`) equal, and the source's whole
 * history the first items of the child's, each item equal. Compared as serialized JSON, the bytes
 * the provider receives (cache breakpoint markers aside).
 */
export function inheritedPrefixProblem(
  source: unknown,
  child: unknown,
  historyKey: string,
): string | undefined {
  if (!isRecord(source) || !isRecord(child)) return "a payload is not an object";
  const keys = new Set([...Object.keys(source), ...Object.keys(child)]);
  keys.delete(historyKey);
  for (const key of keys)
    if (cacheText(source[key]) !== cacheText(child[key]))
      return `the top-level field ${key} differs from the source request's`;
  const before = source[historyKey];
  const after = child[historyKey];
  if (!Array.isArray(before) || !Array.isArray(after))
    return `${historyKey} is not a plain history array`;
  if (after.length < before.length) return `${historyKey} is shorter than the source's`;
  for (let i = 0; i < before.length; i += 1)
    if (cacheText(before[i]) !== cacheText(after[i]))
      return `${historyKey}[${i}] differs from the source request's`;
  return undefined;
}
