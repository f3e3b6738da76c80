/** UTF-8 byte length of a string, without allocating (the projection runs in browsers too). */
export function utf8Length(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) continue;
    if (code < 0x800) bytes += 1;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 2;
        i++;
      } else bytes += 2;
    } else bytes += 2;
  }
  return bytes;
}

/** The bytes a value costs in a trace payload: its JSON, in UTF-8. */
export function jsonBytes(value: unknown): number {
  return utf8Length(JSON.stringify(value) ?? "");
}

/**
 * A JSON copy of `value`, or undefined when it has no JSON form (undefined, a function, a cycle,
 * a BigInt). Arguments are stored this way so the row shows what a reload will show.
 */
export function jsonCopy(value: unknown): unknown {
  try {
    const text = JSON.stringify(value);
    return text === undefined ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}
