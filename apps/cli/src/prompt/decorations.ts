import type { PromptDecoration } from "@elowen/plugin-api/prompt-box";
import { type DecorationStyle, decorationStyle, styleAt } from "@elowen/wire/prompt-box";
import { CURSOR_MARKER } from "@mariozechner/pi-tui";
import { colorCode } from "../tui/style.js";

const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });

function sgrOf(style: DecorationStyle): string {
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

function styled(text: string, style: DecorationStyle): string {
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
        out += styled(d.virtualText.replace(/\n/g, " "), decorationStyle(d));
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
