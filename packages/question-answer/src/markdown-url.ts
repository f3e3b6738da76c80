/** The URL schemes a preview may link to; everything else becomes `#`. */
export const PREVIEW_URL_SCHEMES = ["http", "https", "mailto"] as const;

const ALLOWED_SCHEME = /^(?:https?|mailto):/i;
// A relative reference: what precedes the first `/`, `?` or `#` must be plain path characters, so
// no encoded or escaped colon (`&colon;`, `&#58;`, `\:`, `%3A`) can smuggle a scheme past us.
const PLAIN_HEAD = /^[A-Za-z0-9._~!$'()*+,;=@-]*$/;

/**
 * Whether a link or image destination, as written in Markdown source, is safe to keep: an
 * `http:`, `https:` or `mailto:` URL, or a relative reference whose head holds no colon, entity,
 * escape, percent sign, whitespace or control character. Conservative by design: a destination a
 * renderer could decode into `javascript:`, `data:` or `vbscript:` is refused.
 */
export function isSafeUrl(destination: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point
  if (ALLOWED_SCHEME.test(destination)) return !/[\u0000-\u001f\u007f]/.test(destination);
  const head = destination.split(/[/?#]/, 1)[0] ?? "";
  return PLAIN_HEAD.test(head);
}
