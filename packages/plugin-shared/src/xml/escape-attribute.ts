/**
 * What {@link escapeXmlAttribute} puts in place of a character XML 1.0 forbids (C0 controls other
 * than tab, LF and CR; lone surrogates; U+FFFE; U+FFFF): U+FFFD REPLACEMENT CHARACTER.
 */
export const XML_REPLACEMENT_CHARACTER = "\uFFFD";

// Every code unit that needs a replacement, each matched alone. With the u flag a well-formed
// surrogate pair is one code point outside the class, so only lone surrogates match.
const NEEDS_ESCAPE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these control characters are the ones to replace
  /[&<>"'\t\n\r\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/gu;

// Replacement by code unit below 0x80, dense so that lookups stay fast.
const ASCII_REPLACEMENTS: readonly (string | undefined)[] = (() => {
  const table = Array.from({ length: 0x80 }, (_, unit): string | undefined =>
    unit < 0x20 ? XML_REPLACEMENT_CHARACTER : undefined,
  );
  // Tab, LF and CR are legal, but a parser's attribute-value normalization turns them into
  // spaces; character references survive it.
  table[0x09] = "&#9;";
  table[0x0a] = "&#10;";
  table[0x0d] = "&#13;";
  table[0x22] = "&quot;";
  table[0x26] = "&amp;";
  table[0x27] = "&apos;";
  table[0x3c] = "&lt;";
  table[0x3e] = "&gt;";
  return table;
})();

/**
 * Escapes a string for use inside a quoted XML attribute value (single or double quotes): `&`,
 * `<`, `>`, `"` and `'` become entities; tab, LF and CR become `&#9;`, `&#10;`, `&#13;` so a
 * parser's attribute-value normalization keeps them; characters XML 1.0 forbids become
 * {@link XML_REPLACEMENT_CHARACTER}. Everything else, including C1 controls and well-formed
 * surrogate pairs, passes unchanged. A conformant parser reads the result back as the input with
 * only those forbidden characters replaced. Pure, linear in the input; never throws.
 */
export function escapeXmlAttribute(value: string): string {
  NEEDS_ESCAPE.lastIndex = 0;
  // test() rather than exec(): it advances lastIndex past the match without building an array.
  if (!NEEDS_ESCAPE.test(value)) return value;
  let out = "";
  let copiedUpTo = 0;
  do {
    const index = NEEDS_ESCAPE.lastIndex - 1;
    const unit = value.charCodeAt(index);
    out += value.slice(copiedUpTo, index);
    out += (unit < 0x80 ? ASCII_REPLACEMENTS[unit] : undefined) ?? XML_REPLACEMENT_CHARACTER;
    copiedUpTo = index + 1;
  } while (NEEDS_ESCAPE.test(value));
  return out + value.slice(copiedUpTo);
}
