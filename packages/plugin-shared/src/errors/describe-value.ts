/** How many characters of a string {@link describeValue} quotes before it cuts with `…`. */
export const DESCRIBE_VALUE_PREVIEW_CHARS = 40;

// Checked in order; the first built-in an object is an instance of names it.
const KINDS: readonly (readonly [abstract new (...args: never[]) => unknown, string])[] = [
  [RegExp, "a RegExp"],
  [Date, "a Date"],
  [Error, "an Error"],
  [Map, "a Map"],
  [Set, "a Set"],
  [Promise, "a promise"],
];

/**
 * A short description of any value for an error message: what it is and, for primitives, which
 * one (`the string "abc"`, `the number 5`, `null`, `undefined`, `a function`, `an array`,
 * `a RegExp`, `an object`). Strings are quoted as JSON (one line) and cut after
 * {@link DESCRIBE_VALUE_PREVIEW_CHARS} characters: describe a value that may be private (a
 * prompt, a file's text) by its type instead.
 * It reads no property and calls no method of the value, so a hostile value (a throwing getter,
 * a Proxy, a revoked Proxy) cannot run code through it beyond a Proxy's prototype trap. Never
 * throws.
 */
export function describeValue(value: unknown): string {
  switch (typeof value) {
    case "undefined":
      return "undefined";
    case "string":
      return describeString(value);
    case "number":
    case "boolean":
      return `the ${typeof value} ${String(value)}`;
    case "bigint":
      return `the bigint ${String(value)}n`;
    case "symbol":
      return "a symbol";
    case "function":
      return "a function";
    default:
      return value === null || value === undefined ? String(value) : describeObject(value);
  }
}

function describeString(value: string): string {
  const cut = value.length > DESCRIBE_VALUE_PREVIEW_CHARS;
  return `the string ${JSON.stringify(cut ? `${value.slice(0, DESCRIBE_VALUE_PREVIEW_CHARS)}…` : value)}`;
}

function describeObject(value: object): string {
  try {
    if (Array.isArray(value)) return "an array";
    for (const [kind, words] of KINDS) if (value instanceof kind) return words;
    return "an object";
  } catch {
    // A revoked Proxy, or a Proxy whose prototype trap throws.
    return "an unreadable object";
  }
}
