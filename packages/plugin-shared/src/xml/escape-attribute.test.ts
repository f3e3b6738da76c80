import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { parseXml } from "../../test/parse-xml.js";
import { escapeXmlAttribute, XML_REPLACEMENT_CHARACTER } from "./escape-attribute.js";

/** The oracle, by code point: what XML 1.0's Char production forbids becomes U+FFFD. */
function replaceForbidden(value: string): string {
  return Array.from(value, (char) => {
    const point = char.codePointAt(0) ?? 0;
    const allowed =
      point === 0x9 ||
      point === 0xa ||
      point === 0xd ||
      (point >= 0x20 && point <= 0xd7ff) ||
      (point >= 0xe000 && point <= 0xfffd) ||
      point >= 0x10000;
    return allowed ? char : XML_REPLACEMENT_CHARACTER;
  }).join("");
}

/** Any sequence of UTF-16 code units, lone surrogates included. */
const anyUnits = fc.string({
  unit: fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit)),
  maxLength: 64,
});
const anyText = fc.oneof(anyUnits, fc.string({ unit: "binary", maxLength: 64 }));

describe("escapeXmlAttribute", () => {
  test.each([
    ["ampersand", "a&b", "a&amp;b"],
    ["less-than", "a<b", "a&lt;b"],
    ["greater-than", "a>b", "a&gt;b"],
    ["double quote", 'say "hi"', "say &quot;hi&quot;"],
    ["single quote", "it's", "it&apos;s"],
    ["tab", "a\tb", "a&#9;b"],
    ["line feed", "a\nb", "a&#10;b"],
    ["carriage return", "a\r\nb", "a&#13;&#10;b"],
    ["NUL", "a\u0000b", "a\uFFFDb"],
    ["the control just below tab (U+0008)", "\u0008", "\uFFFD"],
    ["vertical tab (U+000B)", "\u000B", "\uFFFD"],
    ["form feed (U+000C)", "\u000C", "\uFFFD"],
    ["the last C0 control (U+001F)", "\u001F", "\uFFFD"],
    ["space, the first allowed character past C0", " ", " "],
    ["DEL and C1 controls, which XML 1.0 allows", "\u007F\u0085\u009F", "\u007F\u0085\u009F"],
    ["a lone high surrogate", "a\uD83Db", "a\uFFFDb"],
    ["a lone high surrogate at the end", "a\uD83D", "a\uFFFD"],
    ["a lone low surrogate", "a\uDE00b", "a\uFFFDb"],
    ["reversed surrogates", "\uDE00\uD83D", "\uFFFD\uFFFD"],
    ["a surrogate pair", "😀", "😀"],
    ["U+FFFD itself", "\uFFFD", "\uFFFD"],
    ["U+FFFE", "\uFFFE", "\uFFFD"],
    ["U+FFFF", "\uFFFF", "\uFFFD"],
    ["an already escaped entity, escaped again", "&amp;", "&amp;amp;"],
    ["the empty string", "", ""],
    ["plain text", "report-guide", "report-guide"],
  ])("escapes %s", (_label, input, expected) => {
    expect(escapeXmlAttribute(input)).toBe(expected);
  });

  test("returns the very same string when nothing needs escaping", () => {
    const input = "plain text with ünïcödé and 😀";
    expect(escapeXmlAttribute(input)).toBe(input);
  });

  test("every string survives a conformant parser as the same attribute value, in either quotes, forbidden characters replaced", () => {
    fc.assert(
      fc.property(anyText, fc.constantFrom('"', "'"), (value, quote) => {
        const parsed = parseXml(`<a v=${quote}${escapeXmlAttribute(value)}${quote}/>`);
        expect(parsed.errors).toEqual([]);
        expect(parsed.attributes.v).toBe(replaceForbidden(value));
      }),
      { numRuns: 3000 },
    );
  });

  test("the output holds no quote, markup or raw whitespace control a parser would act on", () => {
    fc.assert(
      fc.property(anyText, (value) => {
        expect(escapeXmlAttribute(value)).not.toMatch(
          /["'<>\t\n\r]|&(?!amp;|lt;|gt;|quot;|apos;|#9;|#10;|#13;)/,
        );
      }),
    );
  });
});
