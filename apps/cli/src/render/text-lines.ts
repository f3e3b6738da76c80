import { truncateToWidth, visibleWidth, wrapTextWithAnsi } from "@mariozechner/pi-tui";

/**
 * Wraps text to `width` with pi-tui's ANSI-aware wrapping (words that do not fit are broken,
 * never cut), each line prefixed by `first` (the first line) or `rest` (the others). The
 * prefixes count against the width.
 */
export function prefixed(
  text: string,
  width: number,
  first: string,
  rest = " ".repeat(visibleWidth(first)),
): string[] {
  const inner = Math.max(1, width - visibleWidth(first));
  const lines: string[] = [];
  for (const paragraph of text.split("\n")) {
    const wrapped = paragraph === "" ? [""] : wrapTextWithAnsi(paragraph, inner);
    for (const line of wrapped) lines.push(`${lines.length === 0 ? first : rest}${line}`);
  }
  return lines.map((line) => truncateToWidth(line, width, ""));
}

/** One line, cut to `width` with an ellipsis when it does not fit. */
export function oneLine(text: string, width: number): string {
  return truncateToWidth(text.replace(/\s*\n\s*/g, " ⏎ "), Math.max(0, width), "…");
}

/** A byte count as people read it: `812 B`, `12.4 KB`, `3.1 MB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
