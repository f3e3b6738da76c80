/**
 * Expands a prompt command's placeholders with its arguments, in one pass over the template (linear
 * in its length, whatever it holds):
 *
 * | form | becomes |
 * | --- | --- |
 * | `$ARGUMENTS`, `$@` | every argument, joined by one space |
 * | `$N` (digits) | argument N, counted from 1; `""` when absent (`$0` is always `""`) |
 * | `${N:-default}` | argument N, or `default` when it is absent or empty |
 * | `${@:N}` | arguments N onwards, joined by one space (`${@:0}` is `${@:1}`) |
 * | `${@:N:L}` | at most L arguments from N, joined by one space |
 *
 * Where the pi toolkit's `substituteArgs` defines a form the result is identical to it, including
 * its reading of `$10` as the tenth argument and of `$ARGUMENTSx` as `$ARGUMENTS` then `x`.
 * `${N:-default}` is ours: `default` is literal text running to the first `}` (it cannot hold one,
 * and placeholders inside it are not expanded).
 *
 * Two deliberate differences from pi, both where pi re-reads its own output: no expansion is
 * recursive (an argument holding `$1`, `$@` or `${@:2}` is inserted as written, and an argument
 * that completes a form begun by the template text next to it, such as `$` followed by `$1` = `@`,
 * does not expand), and arguments are inserted verbatim (pi's `$ARGUMENTS` and `$@` read `$&`,
 * `$$`, `` $` `` and `$'` in arguments as `String.replace` patterns).
 *
 * Anything else that starts with `$` is literal text: a `$` not followed by a form (`$x`, `$`
 * at the end), and malformed braces such as `${1}`, `${x}`, `${@}`, `${@:}`, `${@:1:}`, `${1:-`
 * without its `}` or `${1-default}`. Never throws.
 */
export function substituteArguments(template: string, args: readonly string[]): string {
  let dollar = template.indexOf("$");
  if (dollar < 0) return template;
  const length = template.length;
  let out = "";
  let from = 0;
  let all: string | undefined;
  const closes = new CloseFinder(template);
  while (dollar >= 0) {
    const next = template.charCodeAt(dollar + 1);
    let end = -1;
    let value = "";
    if (isDigit(next)) {
      end = digitsEnd(template, dollar + 2, length);
      value = args[Number.parseInt(template.slice(dollar + 1, end), 10) - 1] ?? "";
    } else if (next === AT) {
      end = dollar + 2;
      all ??= args.join(" ");
      value = all;
    } else if (next === UPPER_A && template.startsWith("ARGUMENTS", dollar + 1)) {
      end = dollar + 10;
      all ??= args.join(" ");
      value = all;
    } else if (next === OPEN_BRACE) {
      const braced = readBraced(template, dollar + 2, length, args, closes);
      if (braced !== undefined) {
        end = braced.end;
        value = braced.value;
      }
    }
    if (end < 0) {
      dollar = template.indexOf("$", dollar + 1);
      continue;
    }
    out += template.slice(from, dollar) + value;
    from = end;
    dollar = template.indexOf("$", end);
  }
  return from === 0 ? template : out + template.slice(from);
}

/** Reads `@:N}`, `@:N:L}` or `N:-default}` at `i` (just past `${`); undefined when malformed. */
function readBraced(
  template: string,
  i: number,
  length: number,
  args: readonly string[],
  closes: CloseFinder,
): { end: number; value: string } | undefined {
  const first = template.charCodeAt(i);
  if (first === AT) {
    if (template.charCodeAt(i + 1) !== COLON) return undefined;
    const startEnd = digitsEnd(template, i + 2, length);
    if (startEnd === i + 2) return undefined;
    const start = Math.max(Number.parseInt(template.slice(i + 2, startEnd), 10) - 1, 0);
    const after = template.charCodeAt(startEnd);
    if (after === CLOSE_BRACE) return { end: startEnd + 1, value: args.slice(start).join(" ") };
    if (after !== COLON) return undefined;
    const countEnd = digitsEnd(template, startEnd + 1, length);
    if (countEnd === startEnd + 1 || template.charCodeAt(countEnd) !== CLOSE_BRACE)
      return undefined;
    const count = Number.parseInt(template.slice(startEnd + 1, countEnd), 10);
    return { end: countEnd + 1, value: args.slice(start, start + count).join(" ") };
  }
  if (!isDigit(first)) return undefined;
  const indexEnd = digitsEnd(template, i + 1, length);
  if (template.charCodeAt(indexEnd) !== COLON || template.charCodeAt(indexEnd + 1) !== DASH) {
    return undefined;
  }
  const close = closes.from(indexEnd + 2);
  if (close < 0) return undefined;
  const arg = args[Number.parseInt(template.slice(i, indexEnd), 10) - 1];
  const value = arg === undefined || arg === "" ? template.slice(indexEnd + 2, close) : arg;
  return { end: close + 1, value };
}

/**
 * The first `}` at or after a position, remembering the last answer: positions only grow within
 * one pass, so the template is scanned for `}` at most once in all (a template of many unclosed
 * `${N:-` stays linear).
 */
class CloseFinder {
  readonly #template: string;
  #searchedFrom = Number.POSITIVE_INFINITY;
  #found = -1;

  constructor(template: string) {
    this.#template = template;
  }

  from(i: number): number {
    const known = i >= this.#searchedFrom && (this.#found < 0 || i <= this.#found);
    if (!known) {
      this.#searchedFrom = i;
      this.#found = this.#template.indexOf("}", i);
    }
    return this.#found;
  }
}

function digitsEnd(text: string, i: number, length: number): number {
  while (i < length && isDigit(text.charCodeAt(i))) i++;
  return i;
}

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

const AT = 0x40;
const UPPER_A = 0x41;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const COLON = 0x3a;
const DASH = 0x2d;
