/** Lines one wheel notch scrolls (ours). */
export const WHEEL_LINES = 3;

/** An SGR mouse report (after its ESC): `[<button;column;row` then M (press) or m (release). */
const MOUSE = /^\[<(\d+);\d+;\d+[Mm]$/;

/** The button of a mouse report, or undefined for any other input. */
export function mouseButton(data: string): number | undefined {
  if (data[0] !== "\u001b") return undefined;
  const match = MOUSE.exec(data.slice(1));
  return match ? Number(match[1]) : undefined;
}

/** How many lines a wheel report scrolls towards older content (negative: newer), or undefined when it is not the wheel. */
export function wheelLines(data: string): number | undefined {
  const button = mouseButton(data);
  if (button === 64) return WHEEL_LINES;
  if (button === 65) return -WHEEL_LINES;
  return undefined;
}
