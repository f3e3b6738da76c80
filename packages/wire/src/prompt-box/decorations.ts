import type { PromptDecoration } from "@elowen/plugin-api/prompt-box";
import { drawableVirtualText } from "./control-chars.js";

const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** The style keys a decoration sets; later entries win for each key (`PromptDecoration`). */
export const DECORATION_STYLE_KEYS = [
  "bold",
  "color",
  "backgroundColor",
  "dimColor",
  "italic",
  "underline",
  "strikethrough",
] as const;
/** The style a decoration paints: its style keys alone, whatever its range. */
export type DecorationStyle = Partial<
  Pick<PromptDecoration, (typeof DECORATION_STYLE_KEYS)[number]>
>;

/**
 * How far around an offset the text is segmented to find its grapheme (ours). Segmenting the
 * whole draft would cost a copy of it per grapheme; no grapheme a person types is this long.
 */
const GRAPHEME_WINDOW = 256;

/** `offset` moved back to the start of the grapheme it falls inside (unchanged on a boundary). */
function snapBack(text: string, offset: number): number {
  if (offset <= 0 || offset >= text.length) return offset;
  const from = Math.max(0, offset - GRAPHEME_WINDOW);
  const window = text.slice(from, Math.min(text.length, offset + GRAPHEME_WINDOW));
  const segment = segmenter.segment(window).containing(offset - from);
  return from + (segment?.index ?? offset - from);
}

/**
 * Normalizes decorations against the draft they paint: offsets clamped into the text,
 * a boundary inside a grapheme moved back to that grapheme's start, an empty range with no
 * `virtualText` dropped, `virtualText` with tabs as four spaces and control characters other
 * than a newline removed.
 */
export function normalizeDecorations(
  decorations: readonly PromptDecoration[],
  text: string,
): PromptDecoration[] {
  if (decorations.length === 0) return [];
  const out: PromptDecoration[] = [];
  const clamp = (n: number) => Math.min(text.length, Math.max(0, Math.trunc(n)));
  for (const { virtualText, ...rest } of decorations) {
    const start = snapBack(text, clamp(rest.start));
    const end = snapBack(text, clamp(rest.end));
    const shown = virtualText === undefined ? undefined : drawableVirtualText(virtualText);
    if (end <= start && !shown) continue;
    out.push(shown ? { ...rest, start, end, virtualText: shown } : { ...rest, start, end });
  }
  return out;
}

/**
 * Moves decorations with a splice of the draft, so they stay on the same characters while the
 * answer to that edit is pending: runs after the splice shift by its length change, runs inside
 * the replaced span shrink to its edges.
 */
export function shiftDecorations(
  decorations: readonly PromptDecoration[],
  start: number,
  end: number,
  inserted: number,
): PromptDecoration[] {
  const delta = inserted - (end - start);
  const move = (n: number) => (n >= end ? n + delta : Math.min(n, start));
  return decorations.map((d) => ({ ...d, start: move(d.start), end: move(d.end) }));
}

/** A decoration's own style keys (a `virtualText` is drawn in them). */
export function decorationStyle(decoration: PromptDecoration): DecorationStyle {
  const style: DecorationStyle = {};
  for (const key of DECORATION_STYLE_KEYS)
    if (decoration[key] !== undefined) (style as Record<string, unknown>)[key] = decoration[key];
  return style;
}

/** The style painted at one offset of the draft: every decoration covering it, later ones winning per key. */
export function styleAt(offset: number, decorations: readonly PromptDecoration[]): DecorationStyle {
  const style: DecorationStyle = {};
  for (const d of decorations)
    if (d.start <= offset && offset < d.end) Object.assign(style, decorationStyle(d));
  return style;
}
