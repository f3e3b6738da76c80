const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_.-]{0,63})\}/g;

/**
 * Fills `{name}` placeholders of a view string (`"Removed {name}."`) from `values`. A placeholder
 * with no value is left as written, so a missing value shows rather than vanishing. Values must be
 * strings or finite numbers; anything else is a TypeError naming the key. The result is text, to
 * be drawn as text (never as HTML).
 */
export function interpolate(
  text: string,
  values: Readonly<Record<string, string | number>> = {},
): string {
  if (typeof text !== "string")
    throw new TypeError(`text must be a string, received a ${typeof text}`);
  if (typeof values !== "object" || values === null)
    throw new TypeError("values must be an object of strings and numbers");
  for (const [key, value] of Object.entries(values)) {
    if (typeof value === "string") continue;
    if (typeof value === "number" && Number.isFinite(value)) continue;
    throw new TypeError(
      `values.${key} must be a string or a finite number, received ${String(value)}`,
    );
  }
  return text.replace(PLACEHOLDER, (whole, key: string) =>
    Object.hasOwn(values, key) ? String(values[key]) : whole,
  );
}
