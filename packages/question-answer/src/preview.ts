import { ASK_USER_PREVIEW_MAX_CHARS } from "@elowen/plugin-api/limits";
import { parse, postprocess, preprocess } from "micromark";
import { isSafeUrl } from "./markdown-url.js";

interface Edit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

const MAX_PASSES = 8;
const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/g;

function tokens(source: string) {
  return postprocess(
    parse()
      .document()
      .write(preprocess()(source, undefined, true)),
  );
}

// What must change for the source to hold no raw HTML and no unsafe destination, as a CommonMark
// parser reads it. Code spans and code blocks are left alone: they render as text.
function unsafeEdits(source: string): Edit[] {
  const edits: Edit[] = [];
  for (const [kind, token] of tokens(source)) {
    if (kind !== "enter") continue;
    const start = token.start.offset;
    const end = token.end.offset;
    const text = source.slice(start, end);
    switch (token.type) {
      case "htmlFlow":
      case "htmlText":
        edits.push({ start, end, text: text.replaceAll("<", "\\<") });
        break;
      case "autolinkProtocol":
        // The opening `<` sits just before the protocol; escaping it leaves plain text.
        if (!isSafeUrl(text)) edits.push({ start: start - 1, end: start, text: "\\<" });
        break;
      case "resourceDestinationString":
      case "definitionDestinationString":
        if (!isSafeUrl(text)) edits.push({ start, end, text: "#" });
        break;
    }
  }
  return edits;
}

function apply(source: string, edits: readonly Edit[]): string {
  // A destination inside an html token cannot occur, but overlapping edits are skipped to be sure.
  const sorted = [...edits].sort((a, b) => a.start - b.start);
  let out = "";
  let at = 0;
  for (const edit of sorted) {
    if (edit.start < at) continue;
    out += source.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return out + source.slice(at);
}

function normalize(markdown: string): string {
  // Line endings become \n and control characters other than tab and newline go, so that source
  // offsets are the parser's offsets and nothing invisible reaches a renderer.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  return markdown.replace(/\r\n?/g, "\n").replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "");
}

function sanitizeWhole(markdown: string): string {
  let current = markdown;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const edits = unsafeEdits(current);
    if (edits.length === 0) return current;
    current = apply(current, edits);
  }
  // Escaping can, in theory, keep revealing new constructs; past the pass limit the preview is
  // shown as literal text, where every ASCII punctuation mark is backslash-escaped.
  return unsafeEdits(current).length === 0 ? current : literal(markdown);
}

function literal(markdown: string): string {
  return markdown.replace(ASCII_PUNCTUATION, (mark) => `\\${mark}`);
}

function cut(text: string, length: number): string {
  const end = /[\ud800-\udbff]/.test(text.charAt(length - 1)) ? length - 1 : length;
  return text.slice(0, Math.max(0, end));
}

/**
 * Sanitizes a single-select option's Markdown preview: raw HTML (blocks and inline tags, comments,
 * `<script>` included) is escaped into visible text; link, image and definition destinations other
 * than `http:`, `https:`, `mailto:` or a plain relative reference (so no `javascript:`, `data:`
 * or `vbscript:`, however encoded) become `#`; autolinks to other schemes become text; control
 * characters go and line endings become `\n`. Code spans and code blocks are kept as written. The
 * result is at most `ASK_USER_PREVIEW_MAX_CHARS` characters: a preview that grows past it while
 * being escaped is cut to the longest prefix whose sanitized form fits. Pure and total: never throws.
 */
export function sanitizePreview(markdown: string): string {
  const source = cut(normalize(markdown), ASK_USER_PREVIEW_MAX_CHARS);
  const whole = sanitizeWhole(source);
  if (whole.length <= ASK_USER_PREVIEW_MAX_CHARS) return whole;
  // The longest prefix whose sanitized form fits: escaping only grows text, so length is monotone.
  let fits = "";
  let low = 0;
  let high = source.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    const out = sanitizeWhole(cut(source, mid));
    if (out.length <= ASK_USER_PREVIEW_MAX_CHARS) {
      fits = out;
      low = mid;
    } else high = mid - 1;
  }
  return fits;
}
