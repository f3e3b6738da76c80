import type { Color } from "@elowen/plugin-api/prompt-box";

/** An SGR wrapper: `open` before the text, `close` after it. */
function sgr(open: string, close: string): (text: string) => string {
  return (text) => (text === "" ? "" : `\x1b[${open}m${text}\x1b[${close}m`);
}

/** Bold text (closed with normal intensity, so dim around it survives). */
export const bold = sgr("1", "22");
/** Dim (faint) text. */
export const dim = sgr("2", "22");
/** Italic text. */
export const italic = sgr("3", "23");
/** Underlined text. */
export const underline = sgr("4", "24");
/** Struck-through text. */
export const strikethrough = sgr("9", "29");
/** Inverse video (the fake cursor, the selected row). */
export const inverse = sgr("7", "27");

const NAMED: Readonly<Record<string, number>> = {
  black: 30,
  red: 31,
  green: 32,
  yellow: 33,
  blue: 34,
  magenta: 35,
  cyan: 36,
  white: 37,
  gray: 90,
  grey: 90,
};

/** The SGR parameters of a colour as foreground (or background with `background`). */
export function colorCode(color: Color, background = false): string {
  const named = NAMED[color];
  if (named !== undefined) return String(background ? named + 10 : named);
  const hex = color.slice(1);
  const [r, g, b] = [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  return `${background ? 48 : 38};2;${r};${g};${b}`;
}

/** Text in a foreground colour. */
export function fg(color: Color): (text: string) => string {
  return sgr(colorCode(color), "39");
}

/** Text on a background colour. */
export function bg(color: Color): (text: string) => string {
  return sgr(colorCode(color, true), "49");
}

/** The colours the chat screen uses, in one place. */
export const palette = {
  accent: fg("cyan"),
  user: fg("blue"),
  success: fg("green"),
  warning: fg("yellow"),
  error: fg("red"),
  muted: fg("gray"),
  link: (text: string) => underline(fg("cyan")(text)),
} as const;
