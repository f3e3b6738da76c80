/**
 * Why a frontmatter block's flow collections (`[...]`, `{...}`) are past their bounds, found by
 * one linear pass over the text before any YAML parser sees it: nested more than `maxDepth`
 * deep, or more than `maxCollections` of them. Text in quotes and comments is passed over; an
 * unclosed quote ends the pass. Parsing about 100 KB of nested `[` costs the YAML parser seconds,
 * so such a block is refused here in a millisecond. Undefined when within bounds.
 */
export function flowBoundsProblem(
  yaml: string,
  maxDepth: number,
  maxCollections: number,
): string | undefined {
  let depth = 0;
  let collections = 0;
  for (let at = 0; at < yaml.length; at++) {
    const char = yaml.charCodeAt(at);
    if (char === OPEN_SQUARE || char === OPEN_CURLY) {
      depth++;
      collections++;
      if (depth > maxDepth) return `frontmatter nests more than ${maxDepth} levels deep`;
      if (collections > maxCollections)
        return `frontmatter holds more than ${maxCollections.toLocaleString("en-US")} flow collections`;
    } else if (char === CLOSE_SQUARE || char === CLOSE_CURLY) {
      if (depth > 0) depth--;
    } else if (char === DOUBLE || char === SINGLE) {
      at = quoteEnd(yaml, at, char);
    } else if (char === HASH && (at === 0 || isSpace(yaml.charCodeAt(at - 1)))) {
      const end = yaml.indexOf("\n", at);
      at = end === -1 ? yaml.length : end;
    }
  }
  return undefined;
}

const OPEN_SQUARE = 0x5b;
const CLOSE_SQUARE = 0x5d;
const OPEN_CURLY = 0x7b;
const CLOSE_CURLY = 0x7d;
const DOUBLE = 0x22;
const SINGLE = 0x27;
const HASH = 0x23;
const BACKSLASH = 0x5c;

function isSpace(char: number): boolean {
  return char === 0x20 || char === 0x09 || char === 0x0a;
}

/** The index of the quote closing the one at `start` (the text's end when there is none). */
function quoteEnd(yaml: string, start: number, quote: number): number {
  for (let at = start + 1; at < yaml.length; at++) {
    const char = yaml.charCodeAt(at);
    if (quote === DOUBLE && char === BACKSLASH) at++;
    else if (char === quote) {
      // '' inside single quotes is an escaped quote.
      if (quote === SINGLE && yaml.charCodeAt(at + 1) === SINGLE) at++;
      else return at;
    }
  }
  return yaml.length;
}
