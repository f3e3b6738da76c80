const NEWLINE = 0x0a;
const TAB = 0x09;

/** Whether a code point is a C0 or C1 control character (newline included). */
function isControl(code: number): boolean {
  return code < 0x20 || (code >= 0x7f && code <= 0x9f);
}

/** Code points a terminal draws as nothing: zero-width spaces and joiners, word joiners, the BOM, the soft hyphen. */
function isInvisible(code: number): boolean {
  return (
    (code >= 0x200b && code <= 0x200f) ||
    (code >= 0x2060 && code <= 0x2064) ||
    code === 0xfeff ||
    code === 0xad
  );
}

/** A decoration's `virtualText` as drawn: a tab is four spaces; control characters other than a newline are dropped. */
export function drawableVirtualText(text: string): string {
  return withoutCodes(text.replace(/\t/g, "    "), (code) => code !== NEWLINE && isControl(code));
}

/**
 * A fill's text as the box takes it (`PromptFillInput.text`): without the code points a
 * terminal draws as nothing and without control characters; newlines and tabs are kept.
 */
export function withoutInvisible(text: string): string {
  return withoutCodes(
    text,
    (code) => code !== NEWLINE && code !== TAB && (isControl(code) || isInvisible(code)),
  );
}

/** `text` without the code points `drop` matches. */
function withoutCodes(text: string, drop: (code: number) => boolean): string {
  let out = "";
  for (const char of text) if (!drop(char.codePointAt(0) ?? 0)) out += char;
  return out;
}
