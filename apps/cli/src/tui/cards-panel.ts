import type { BrainCard, BrainCardItem } from "@elowen/plugin-api/cards";
import { formatTiming } from "@elowen/plugin-shared/duration";
import { oneLine, prefixed } from "../render/text-lines.js";
import { bold, dim, fg, palette } from "./style.js";

const TONES = {
  info: fg("cyan"),
  success: fg("green"),
  warning: fg("yellow"),
  error: fg("red"),
} as const;

/** A card panel never takes more than this share of the screen's rows (ours). */
export const CARD_PANEL_MAX_SHARE = 1 / 3;

/** The most rows a card's text takes in the panel; the rest is counted (ours). */
export const CARD_TEXT_MAX_LINES = 3;

function itemMark(item: BrainCardItem, spinner: string): string {
  switch (item.status) {
    case "running":
      return palette.accent(spinner);
    case "completed":
      return palette.success("✓");
    case "failed":
      return palette.error("✗");
    case "cancelled":
      return dim("⊘");
    case "pending":
      return dim("○");
    default:
      return dim("•");
  }
}

/**
 * The pinned-cards panel above the status bar: only cards with `pinned: true` (the CLI never
 * shows another), in the order they were first emitted, each item with its live elapsed time
 * computed here from `startedAt` and frozen at `durationMs`. Cut to `maxLines` with a count of
 * what it left out.
 */
export function cardsPanelLines(
  cards: Iterable<BrainCard>,
  width: number,
  maxLines: number,
  now: number,
  spinner: string,
): string[] {
  const lines: string[] = [];
  for (const card of cards) {
    if (card.pinned !== true) continue;
    const tone = TONES[card.tone ?? "info"];
    const bar = tone("┃ ");
    if (card.title) lines.push(oneLine(`${bar}${bold(card.title)}`, width));
    if (card.text) lines.push(...textLines(card.text, width, bar));
    for (const item of card.items ?? []) {
      const timing = formatTiming({ startedAt: item.startedAt, durationMs: item.durationMs }, now);
      lines.push(
        oneLine(
          `${bar}${itemMark(item, spinner)} ${item.text}${timing ? dim(` · ${timing}`) : ""}`,
          width,
        ),
      );
    }
  }
  if (lines.length <= maxLines) return lines;
  if (maxLines <= 0) return [];
  return [
    ...lines.slice(0, maxLines - 1),
    oneLine(dim(`┃ … ${lines.length - maxLines + 1} more card lines`), width),
  ];
}

/** A card's text, wrapped, cut to {@link CARD_TEXT_MAX_LINES} with what it left out counted. */
function textLines(text: string, width: number, bar: string): string[] {
  const wrapped = prefixed(dim(text), width, bar, bar);
  if (wrapped.length <= CARD_TEXT_MAX_LINES) return wrapped;
  const more = wrapped.length - (CARD_TEXT_MAX_LINES - 1);
  return [
    ...wrapped.slice(0, CARD_TEXT_MAX_LINES - 1),
    oneLine(`${bar}${dim(`… ${more} more ${more === 1 ? "line" : "lines"}`)}`, width),
  ];
}

/** Whether any pinned card shows a running clock (the screen then ticks). */
export function cardsTick(cards: Iterable<BrainCard>): boolean {
  for (const card of cards)
    if (
      card.pinned === true &&
      card.items?.some(
        (item) =>
          item.status === "running" ||
          (item.startedAt !== undefined && item.durationMs === undefined),
      )
    )
      return true;
  return false;
}
