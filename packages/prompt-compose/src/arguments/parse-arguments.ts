/**
 * Splits a command's argument tail into arguments, shell-style, exactly as the pi toolkit's
 * `parseCommandArgs` does for every input:
 *
 * - spaces and tabs separate arguments; runs of them count as one separator, and leading or
 *   trailing ones produce nothing. Newlines and every other character are ordinary text;
 * - a `"` or `'` opens a quote that runs to the next same character; inside it, spaces, tabs and
 *   the other quote character are kept. Quotes join to the text around them (`a"b c"d` → `ab cd`);
 * - there are no escapes: a backslash is an ordinary character;
 * - an unterminated quote runs to the end of the text;
 * - an argument that ends up empty is dropped, so `""` and `''` contribute nothing.
 *
 * Never throws.
 */
export function parseArguments(text: string): string[] {
  const args: string[] = [];
  let current = "";
  let quote = 0;
  let runStart = 0;
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const code = text.charCodeAt(i);
    if (quote !== 0) {
      if (code === quote) {
        current += text.slice(runStart, i);
        quote = 0;
        runStart = i + 1;
      }
    } else if (code === DOUBLE_QUOTE || code === SINGLE_QUOTE) {
      current += text.slice(runStart, i);
      quote = code;
      runStart = i + 1;
    } else if (code === SPACE || code === TAB) {
      current += text.slice(runStart, i);
      if (current !== "") args.push(current);
      current = "";
      runStart = i + 1;
    }
  }
  current += text.slice(runStart);
  if (current !== "") args.push(current);
  return args;
}

const DOUBLE_QUOTE = 0x22;
const SINGLE_QUOTE = 0x27;
const SPACE = 0x20;
const TAB = 0x09;
