import { Buffer } from "node:buffer";

/** UTF-8 bytes of `text` (a lone surrogate counts as the 3 bytes of U+FFFD it is written as). */
export function utf8Bytes(text: string): number {
  return Buffer.byteLength(text, "utf8");
}

const MAX_DEPTH = 64;

function cannotHold(path: string, what: string): string {
  return `${path} is ${what}, which JSON cannot hold`;
}

/**
 * Why `value` is not plain JSON data, or undefined when it is: null, booleans, finite numbers,
 * strings, arrays and plain objects, at most 64 levels deep. Anything JSON.stringify would drop,
 * change or choke on (undefined, functions, symbols, bigints, NaN, Infinity, class instances,
 * cycles) is named with its path.
 */
export function jsonProblem(
  value: unknown,
  path = "data",
  ancestors: readonly object[] = [],
): string | undefined {
  if (value === null || typeof value === "string" || typeof value === "boolean") return undefined;
  if (typeof value === "number")
    return Number.isFinite(value) ? undefined : cannotHold(path, String(value));
  if (typeof value === "undefined") return cannotHold(path, "undefined");
  if (typeof value !== "object") return cannotHold(path, `a ${typeof value}`);
  if (ancestors.includes(value)) return `${path} refers back to itself`;
  if (ancestors.length >= MAX_DEPTH) return `${path} nests deeper than ${MAX_DEPTH} levels`;
  const inside = [...ancestors, value];
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const problem = jsonProblem(value[i], `${path}[${i}]`, inside);
      if (problem !== undefined) return problem;
    }
    return undefined;
  }
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) {
    const name = (proto as { constructor?: { name?: string } }).constructor?.name ?? "class";
    return `${path} is a ${name} instance, not plain data`;
  }
  for (const [key, item] of Object.entries(value)) {
    const problem = jsonProblem(item, `${path}.${key}`, inside);
    if (problem !== undefined) return problem;
  }
  return undefined;
}
