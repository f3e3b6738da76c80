import type { PromptDecoration } from "@elowen/plugin-api";
import { CURSOR_MARKER } from "@mariozechner/pi-tui";
import { colorCode } from "../tui/style.js";
import { drawableVirtualText } from "./control-chars.js";

const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** The style keys a decoration sets; later entries win for each key (seed 004, PromptDecoration). */
const STYLE_KEYS = [
  "bold",
  "color",
  "backgroundColor",
  "dimColor",
  "italic",
  "underline",
  "strikethrough",
] as const;
type Style = Partial<Pick<PromptDecoration, (typeof STYLE_KEYS)[number]>>;

/** The grapheme boundaries of a text, as offsets (0 and text.length included). */
function boundaries(text: string): number[] {
  const found = [...segmenter.segment(text)].map((s) => s.index);
  found.push(text.length);
  return found;
}

function snapBack(offset: number, marks: readonly number[]): number {
  let snapped = 0;
  for (const mark of marks) {
    if (mark > offset) break;
    snapped = mark;
  }
  return snapped;
}

/**
 * Normalizes decorations against the draft they paint (seed 004): offsets clamped into the text,
 * a boundary inside a grapheme moved back to that grapheme's start, an empty range with no
 * `virtualText` dropped, `virtualText` with tabs as four spaces and control characters other
 * than a newline removed.
 */
export function normalizeDecorations(
  decorations: readonly PromptDecoration[],
  text: string,
): PromptDecoration[] {
  const marks = boundaries(text);
  const out: PromptDecoration[] = [];
  const clamp = (n: number) => Math.min(text.length, Math.max(0, Math.trunc(n)));
  for (const { virtualText, ...rest } of decorations) {
    const start = snapBack(clamp(rest.start), marks);
    const end = snapBack(clamp(rest.end), marks);
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

function styleAt(offset: number, decorations: readonly PromptDecoration[]): Style {
  const style: Style = {};
  for (const d of decorations)
    if (d.start <= offset && offset < d.end) Object.assign(style, ownStyle(d));
  return style;
}

/** A decoration's own style keys, whatever its range (a virtualText is drawn in them). */
function ownStyle(decoration: PromptDecoration): Style {
  const style: Style = {};
  for (const key of STYLE_KEYS)
    if (decoration[key] !== undefined) (style as Record<string, unknown>)[key] = decoration[key];
  return style;
}

function sgrOf(style: Style): string {
  const codes: string[] = [];
  if (style.bold) codes.push("1");
  if (style.dimColor) codes.push("2");
  if (style.italic) codes.push("3");
  if (style.underline) codes.push("4");
  if (style.strikethrough) codes.push("9");
  if (style.color) codes.push(colorCode(style.color));
  if (style.backgroundColor) codes.push(colorCode(style.backgroundColor, true));
  return codes.length === 0 ? "" : `\x1b[${codes.join(";")}m`;
}

function styled(text: string, style: Style): string {
  const open = sgrOf(style);
  return open === "" ? text : `${open}${text}\x1b[0m`;
}

/**
 * One row of the draft with its decorations painted: `text` is the row's slice of the draft,
 * starting at offset `base`; `cursor` is the caret's column in the row (drawn in inverse video,
 * after the hardware cursor marker when `marker`); `atTextEnd` says the row ends the draft, where
 * a `virtualText` at the draft's end is drawn.
 */
export function paintRow(
  text: string,
  base: number,
  decorations: readonly PromptDecoration[],
  cursor: number | undefined,
  marker: boolean,
  atTextEnd: boolean,
): string {
  let out = "";
  const virtualAt = (offset: number) => {
    for (const d of decorations)
      if (d.virtualText && d.start === offset)
        out += styled(d.virtualText.replace(/\n/g, " "), ownStyle(d));
  };
  for (const { segment, index } of segmenter.segment(text)) {
    virtualAt(base + index);
    const style = styleAt(base + index, decorations);
    if (cursor === index) out += `${marker ? CURSOR_MARKER : ""}\x1b[7m${segment}\x1b[0m`;
    else out += styled(segment, style);
  }
  if (atTextEnd) virtualAt(base + text.length);
  if (cursor !== undefined && cursor >= text.length)
    out += `${marker ? CURSOR_MARKER : ""}\x1b[7m \x1b[0m`;
  return out;
}
