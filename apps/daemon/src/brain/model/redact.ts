/** What a credential reads as once removed from a text. */
export const REDACTED = "[redacted]";

// Key shapes providers use, removed even when they are not the configured key (an error may echo
// another credential, or a key only in part).
const KEY_SHAPES = [/\bsk-[A-Za-z0-9_-]{8,}/g, /\bBearer\s+[A-Za-z0-9._~+/=-]{8,}/gi];

/**
 * A redactor for the given secrets: every occurrence of each (of eight characters or more), and
 * anything shaped like a provider key or a bearer token, becomes {@link REDACTED}.
 */
export function redactor(secrets: readonly (string | undefined)[]): (text: string) => string {
  const exact = secrets.filter((s): s is string => typeof s === "string" && s.length >= 8);
  return (text) => {
    let out = text;
    for (const secret of exact) out = out.split(secret).join(REDACTED);
    for (const shape of KEY_SHAPES) out = out.replace(shape, REDACTED);
    return out;
  };
}
