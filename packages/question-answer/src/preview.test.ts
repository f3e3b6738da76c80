import { ASK_USER_PREVIEW_MAX_CHARS } from "@elowen/plugin-api/limits";
import fc from "fast-check";
import MarkdownIt from "markdown-it";
import { describe, expect, test } from "vitest";
import { isSafeUrl } from "./markdown-url.js";
import { sanitizePreview } from "./preview.js";

// An independent CommonMark renderer, told to pass raw HTML and every URL through, so that only
// the sanitizer stands between the preview and the page.
const renderer = new MarkdownIt({ html: true, linkify: false });
renderer.validateLink = () => true;

const GENERATED_TAGS = new Set([
  "p",
  "em",
  "strong",
  "code",
  "pre",
  "a",
  "img",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "ul",
  "ol",
  "li",
  "blockquote",
  "hr",
  "br",
  "table",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
  "s",
]);

function decode(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) =>
      String.fromCodePoint(Number.parseInt(hex, 16)),
    )
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&colon;/gi, ":")
    .replace(/&amp;/g, "&");
}

/** What a browser would run or load from the rendered preview. */
function hazards(markdown: string): string[] {
  const html = renderer.render(markdown);
  const found: string[] = [];
  for (const [, name] of html.matchAll(/<\/?([a-zA-Z][\w-]*)/g))
    if (!GENERATED_TAGS.has((name as string).toLowerCase())) found.push(`tag ${name}`);
  if (/<!--|<!\[CDATA|<\?/.test(html)) found.push("raw markup");
  for (const [, attribute, value] of html.matchAll(/\s(href|src)="([^"]*)"/g)) {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: a browser strips them from URLs
    const url = decode(value as string).replace(/[\u0000-\u0020]/g, "");
    if (/^(javascript|data|vbscript|file):/i.test(url)) found.push(`${attribute} ${url}`);
  }
  return found;
}

describe("sanitizePreview", () => {
  test.each([
    ["an inline tag", "a <b onclick=x>b</b>", "a \\<b onclick=x>b\\</b>"],
    ["a script block", "<script>\nalert(1)\n</script>", "\\<script>\nalert(1)\n\\</script>"],
    ["a comment", "<!-- hidden -->", "\\<!-- hidden -->"],
    ["a javascript: link", "[go](javascript:alert(1))", "[go](#)"],
    ["an entity-encoded scheme", "[go](javascript&colon;alert(1))", "[go](#)"],
    ["a numeric-entity scheme", "[go](&#106;avascript:alert(1))", "[go](#)"],
    ["a backslash-escaped colon", "[go](javascript\\:alert(1))", "[go](#)"],
    ["a data: image", "![x](data:image/png;base64,AAAA)", "![x](#)"],
    ["a vbscript: definition", "[x]: vbscript:msgbox\n\n[x]", "[x]: #\n\n[x]"],
    ["a javascript: autolink", "<javascript:alert(1)>", "\\<javascript:alert(1)>"],
    ["a mixed-case scheme", "[go](JaVaScRiPt:alert(1))", "[go](#)"],
  ])("neutralizes %s", (_, input, output) => {
    expect(sanitizePreview(input)).toBe(output);
    expect(hazards(sanitizePreview(input))).toEqual([]);
  });

  test.each([
    [
      "code spans and fences as written",
      "Use `Array<string>`:\n\n```ts\nconst a: Array<string> = [];\n```",
    ],
    [
      "http, https and mailto links",
      "[a](http://x.y) [b](https://x.y/p?q#f) <mailto:me@x.y> <https://x.y>",
    ],
    ["relative links and anchors", "[a](docs/readme.md) [b](#section) [c](../up)"],
    ["ordinary Markdown", "# Title\n\n- **one**\n- _two_\n\n> quote\n\n1. first"],
  ])("keeps %s", (_, input) => {
    expect(sanitizePreview(input)).toBe(input);
  });

  test("normalizes line endings and removes control characters", () => {
    expect(sanitizePreview("a\r\nb\rc\u0000d\u0007e\tf")).toBe("a\nb\ncde\tf");
  });

  test("neutralizes HTML that only becomes raw once surrounding HTML is escaped", () => {
    const input = "<div>\n[x](javascript:alert(1))\n</div>";
    expect(hazards(sanitizePreview(input))).toEqual([]);
    expect(sanitizePreview(input)).toBe("\\<div>\n[x](#)\n\\</div>");
  });

  test(`stays within ${ASK_USER_PREVIEW_MAX_CHARS} characters when escaping grows it`, () => {
    const preview = sanitizePreview("<b>".repeat(ASK_USER_PREVIEW_MAX_CHARS / 3));
    expect(preview.length).toBeLessThanOrEqual(ASK_USER_PREVIEW_MAX_CHARS);
    expect(preview.length).toBeGreaterThan(ASK_USER_PREVIEW_MAX_CHARS - 10);
    expect(hazards(preview)).toEqual([]);
  });

  test("renders no tag, comment or dangerous URL, whatever the input", () => {
    const pieces = fc.constantFrom(
      "<",
      ">",
      "</",
      "<script>",
      "<img src=x onerror=y>",
      "<!--",
      "-->",
      "<a href='javascript:x'>",
      "[",
      "]",
      "(",
      ")",
      "![",
      "]: ",
      "javascript:",
      "data:",
      "vbscript:",
      "&#106;",
      "&colon;",
      "\\",
      "`",
      "```",
      "~~~",
      "\n",
      "\n\n",
      "    ",
      "> ",
      "- ",
      "1. ",
      "*",
      "_",
      '"',
      "'",
      "http://a.b",
      "mailto:x",
      "#",
      "&",
      ";",
      "x",
      " ",
      "\t",
      "<div>",
      "</div>",
      "<https:x>",
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 40 }), (parts) => {
        const out = sanitizePreview(parts.join(""));
        expect(hazards(out)).toEqual([]);
        expect(sanitizePreview(out)).toBe(out);
      }),
      { numRuns: 2000 },
    );
  });

  test("never throws and stays bounded on arbitrary text", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300, unit: "grapheme-composite" }), (text) => {
        const out = sanitizePreview(text);
        expect(out.length).toBeLessThanOrEqual(ASK_USER_PREVIEW_MAX_CHARS);
        expect(hazards(out)).toEqual([]);
      }),
    );
  });
});

describe("isSafeUrl", () => {
  test.each([
    ["https://example.com", true],
    ["HTTP://example.com", true],
    ["mailto:me@example.com", true],
    ["relative/path", true],
    ["#anchor", true],
    ["?q=1", true],
    ["javascript:alert(1)", false],
    ["data:text/html,x", false],
    ["vbscript:x", false],
    ["java%73cript:x", false],
    ["&#x6a;avascript:x", false],
    ["ftp://x", false],
    ["https://ok\u0000", false],
  ])("%j is safe: %s", (url, safe) => {
    expect(isSafeUrl(url)).toBe(safe);
  });
});
