// The Name production of XML 1.0 (fifth edition), section 2.3, as code point ranges.
const NAME_START =
  ":A-Z_a-z\\u{C0}-\\u{D6}\\u{D8}-\\u{F6}\\u{F8}-\\u{2FF}\\u{370}-\\u{37D}\\u{37F}-\\u{1FFF}" +
  "\\u{200C}-\\u{200D}\\u{2070}-\\u{218F}\\u{2C00}-\\u{2FEF}\\u{3001}-\\u{D7FF}" +
  "\\u{F900}-\\u{FDCF}\\u{FDF0}-\\u{FFFD}\\u{10000}-\\u{EFFFF}";
const NAME_REST = `${NAME_START}\\-.0-9\\u{B7}\\u{300}-\\u{36F}\\u{203F}-\\u{2040}`;
const NAME = new RegExp(`^[${NAME_START}][${NAME_REST}]*$`, "u");

/** The longest element or attribute name {@link isXmlName} accepts, in UTF-16 code units. */
export const XML_NAME_MAX_LENGTH = 256;

/**
 * True when `name` matches the `Name` production of XML 1.0 (fifth edition): a letter, `_` or `:`
 * (or another NameStartChar) followed by NameChars, and is at most {@link XML_NAME_MAX_LENGTH}
 * code units long. It does not check namespaces (`a:b:c` passes) nor the reserved `xml` prefix.
 * Pure; never throws.
 */
export function isXmlName(name: string): boolean {
  return name.length > 0 && name.length <= XML_NAME_MAX_LENGTH && NAME.test(name);
}
