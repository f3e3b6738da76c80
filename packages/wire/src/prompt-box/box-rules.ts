import type {
  PromptBox,
  PromptDecoration,
  PromptEditInput,
  PromptFillInput,
} from "@elowen/plugin-api/prompt-box";
import { withoutInvisible } from "./control-chars.js";
import { normalizeDecorations } from "./decorations.js";

/**
 * The engine's own `prompt.edit` (the bottom of the chain, `PromptEditResult`): `e.text`
 * with the splice applied, the caret after what went in. A box whose chain fails keeps this too.
 */
export function applyPromptEdit(e: PromptEditInput): PromptBox {
  return {
    text: e.text.slice(0, e.start) + e.inputText + e.text.slice(e.end),
    cursor: e.start + e.inputText.length,
  };
}

/**
 * Where a fill lands (`PromptFillMode`): `replace` empties the box first, `append` adds
 * after the draft, `insert` splices in at the caret; the caret ends past the filled text. The text
 * loses what a terminal draws as nothing; its decorations move to where it landed.
 */
export function placeFill(
  box: PromptBox,
  input: Pick<PromptFillInput, "text" | "mode" | "decorations">,
): { readonly box: PromptBox; readonly decorations: PromptDecoration[] } {
  const text = withoutInvisible(input.text);
  const at = input.mode === "replace" ? 0 : input.mode === "append" ? box.text.length : box.cursor;
  const before = input.mode === "replace" ? "" : box.text.slice(0, at);
  const after = input.mode === "insert" ? box.text.slice(at) : "";
  const next = { text: before + text + after, cursor: at + text.length };
  const moved = (input.decorations ?? []).map((d) => ({
    ...d,
    start: d.start + at,
    end: d.end + at,
  }));
  return { box: next, decorations: normalizeDecorations(moved, next.text) };
}

/**
 * The token at the caret (`PromptAutocompleteInput.token`): the run of non-whitespace
 * characters that ends there, undefined when there is none.
 */
export function tokenAt(
  text: string,
  cursor: number,
): { readonly token: string; readonly start: number } | undefined {
  let start = cursor;
  while (start > 0 && !/\s/.test(text[start - 1] ?? "")) start -= 1;
  return start === cursor ? undefined : { token: text.slice(start, cursor), start };
}

/**
 * The splice that turns one draft into the next: the span of `before` replaced and what went in.
 * An insertion or deletion at the caret is read at the caret (typing "a" into "aa" is at the caret,
 * not at the end); a bare caret move is an empty splice where the caret lands.
 */
export function spliceOf(
  before: PromptBox,
  after: PromptBox,
): { readonly start: number; readonly end: number; readonly inputText: string } {
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
