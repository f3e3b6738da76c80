import { hyperlink, wrapTextWithAnsi } from "@mariozechner/pi-tui";
import { prefixed } from "../render/text-lines.js";
import { dim, palette } from "./style.js";

/** A transient line for the person: never a model message, never history. */
export interface Notice {
  readonly level: "info" | "warning" | "error";
  readonly text: string;
  /** An http(s) URL shown beside the notice, to open or copy. */
  readonly url?: string;
  /** Whether the browser opener ran for the URL (false over SSH or without a display). */
  readonly opened?: boolean;
  /** Why the browser opener cannot run here ("over SSH", "no display"): the URL is to be copied. */
  readonly unavailable?: string;
}

const MARKS = {
  info: palette.accent("ℹ "),
  warning: palette.warning("⚠ "),
  error: palette.error("✗ "),
} as const;

/**
 * The rows of a notice at `width`, with pi-tui's ANSI-aware wrapping: a long word (a URL) is
 * broken across rows, never cut, so every character of the URL is on screen somewhere and each
 * of its rows links to the whole URL.
 */
export function noticeLines(notice: Notice, width: number): string[] {
  const lines = prefixed(notice.text, width, MARKS[notice.level], "  ");
  if (notice.url !== undefined) {
    lines.push(
      ...prefixed(
        dim(
          notice.opened
            ? "Opened in your browser:"
            : notice.unavailable
              ? `No browser can be opened here (${notice.unavailable}); copy this URL into a local browser:`
              : "Open this URL in a browser:",
        ),
        width,
        "  ",
      ),
    );
    for (const row of wrapTextWithAnsi(notice.url, Math.max(1, width - 2)))
      lines.push(`  ${hyperlink(palette.link(row), notice.url)}`);
  }
  return lines;
}
