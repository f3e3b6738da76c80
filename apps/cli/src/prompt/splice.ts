import type { ClientKeyEvent, PromptBox } from "@elowen/plugin-api";

/**
 * The splice that turns one draft into the next: the span of `before` replaced and what went in.
 * An insertion or deletion at the caret is read at the caret (typing "a" into "aa" is at the caret,
 * not at the end); a bare caret move is an empty splice where the caret lands.
 */
export function splice(
  before: PromptBox,
  after: PromptBox,
): { start: number; end: number; inputText: string } {
  const a = before.text;
  const b = after.text;
  if (a === b) return { start: after.cursor, end: after.cursor, inputText: "" };
  if (b.length > a.length) {
    const at = before.cursor;
    const n = b.length - a.length;
    if (a.slice(0, at) === b.slice(0, at) && a.slice(at) === b.slice(at + n))
      return { start: at, end: at, inputText: b.slice(at, at + n) };
  } else {
    const at = after.cursor;
    const n = a.length - b.length;
    if (a.slice(0, at) + a.slice(at + n) === b) return { start: at, end: at + n, inputText: "" };
  }
  let start = 0;
  const max = Math.min(a.length, b.length);
  while (start < max && a[start] === b[start]) start += 1;
  let tail = 0;
  while (tail < max - start && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail += 1;
  return { start, end: a.length - tail, inputText: b.slice(start, b.length - tail) };
}

/** A key as pi-tui names it (`ctrl+a`, `shift+tab`), in the client onKey shape prompt.edit carries. */
export function keyEvent(key: string, sequence: string): ClientKeyEvent {
  const parts = key.split("+");
  const name = parts.pop() ?? key;
  return {
    name,
    sequence,
    ...(parts.includes("ctrl") ? { ctrl: true } : {}),
    ...(parts.includes("alt") ? { meta: true } : {}),
    ...(parts.includes("shift") ? { shift: true } : {}),
  };
}
