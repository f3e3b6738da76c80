import { isUtf8 } from "node:buffer";

/** A `SKILL.md` as text: byte order mark removed, CRLF and lone CR read as LF. */
export interface SkillSourceText {
  readonly text: string;
  /** True when the bytes were not valid UTF-8; invalid sequences read as U+FFFD. */
  readonly invalidUtf8: boolean;
}

/**
 * Decodes a skill file's bytes. Invalid UTF-8 does not fail: each bad sequence becomes U+FFFD and
 * `invalidUtf8` says so, so the loader can load the skill with a diagnostic.
 */
export function decodeSkillSource(bytes: Uint8Array): SkillSourceText {
  const invalidUtf8 = !isUtf8(bytes);
  let text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8");
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.includes("\r")) text = text.replace(/\r\n?/g, "\n");
  return { text, invalidUtf8 };
}

/**
 * Lines in a text as SkillLoad pages it: every LF ends a line, and a last line without one still
 * counts. The empty text has no lines.
 */
export function countLines(text: string): number {
  if (text.length === 0) return 0;
  let lines = 0;
  let at = text.indexOf("\n");
  while (at !== -1) {
    lines++;
    at = text.indexOf("\n", at + 1);
  }
  return text.endsWith("\n") ? lines : lines + 1;
}

/** How a skill source divides into a YAML frontmatter block and the markdown body. */
export type SourceParts =
  | { readonly kind: "none"; readonly body: string }
  | { readonly kind: "unterminated"; readonly body: string }
  | { readonly kind: "block"; readonly yaml: string; readonly body: string };

const FENCE_REST = /^[ \t]*$/;

/**
 * Splits decoded source at its frontmatter fences: a first line `---` opens the block and the next
 * line `---` closes it (trailing spaces or tabs allowed on either). Without an opening fence the
 * whole text is body; with no closing fence the block is `unterminated` and the whole text is body.
 */
export function splitFrontmatter(text: string): SourceParts {
  const firstEnd = lineEnd(text, 0);
  if (!isFence(text, 0, firstEnd)) return { kind: "none", body: text };
  // A closing fence is a line starting with "---": jump between candidates instead of lines.
  let candidate = text.indexOf("\n---", firstEnd) + 1;
  while (candidate > 0) {
    const end = lineEnd(text, candidate);
    if (isFence(text, candidate, end)) {
      return {
        kind: "block",
        yaml: text.slice(firstEnd + 1, candidate),
        body: end >= text.length ? "" : text.slice(end + 1),
      };
    }
    candidate = text.indexOf("\n---", end) + 1;
  }
  return { kind: "unterminated", body: text };
}

function lineEnd(text: string, from: number): number {
  const at = text.indexOf("\n", from);
  return at === -1 ? text.length : at;
}

function isFence(text: string, start: number, end: number): boolean {
  return text.startsWith("---", start) && FENCE_REST.test(text.slice(start + 3, end));
}
