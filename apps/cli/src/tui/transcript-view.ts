import { blockLines, isLive } from "../render/block-lines.js";
import type { RenderContext } from "../render/render-context.js";
import { type TranscriptBlock, tight } from "../transcript/blocks.js";
import type { TranscriptState } from "../transcript/transcript-state.js";

interface CachedLines {
  readonly version: number;
  readonly width: number;
  readonly expanded: boolean;
  readonly lines: readonly string[];
}

/** What the viewport drew, for the status bar's history indicator. */
export interface ViewportState {
  /** Lines above the viewport (older transcript): PageUp reaches them. */
  readonly moreAbove: boolean;
  /** Lines below the viewport: PageDown or End returns to them. */
  readonly linesBelow: number;
}

/**
 * The scrollable transcript viewport. Each block's lines are cached by its version and the width,
 * so a frame draws only what changed (the streaming message, the running rows) and walks back
 * from the newest block only as far as the viewport reaches. Transient rows (a notice) follow the
 * transcript without being part of it. While the reader is scrolled up, the top line stays where
 * it is as new content arrives below.
 */
export class TranscriptView {
  readonly #state: TranscriptState;
  readonly #cache = new Map<string, CachedLines>();
  #scroll = 0;
  #anchor: { key: string; offset: number } | undefined;
  #anchorTransientTop = false;
  #last: ViewportState = { moreAbove: false, linesBelow: 0 };

  constructor(state: TranscriptState) {
    this.#state = state;
  }

  /** Lines scrolled up from the bottom (0 follows the newest content). */
  get scrollOffset(): number {
    return this.#scroll;
  }

  /** What the last frame showed. */
  get viewport(): ViewportState {
    return this.#last;
  }

  /** Scrolls by `lines` (positive: towards older content). */
  scrollBy(lines: number): void {
    this.#scroll = Math.max(0, this.#scroll + lines);
    this.#anchor = undefined;
    this.#anchorTransientTop = false;
  }

  /** Follows the newest content again. */
  toBottom(): void {
    this.#scroll = 0;
    this.#anchor = undefined;
    this.#anchorTransientTop = false;
  }

  /** On the next frame, scrolls so that the first transient row (a new notice) is in view. */
  revealTransient(): void {
    this.#anchorTransientTop = true;
    this.#anchor = undefined;
  }

  /** Drops every cached block (a theme or session change). */
  invalidate(): void {
    this.#cache.clear();
  }

  /**
   * Exactly `height` lines: the transcript (or `startScreen` while it is empty) followed by the
   * `transient` rows, scrolled as the reader left it, top-aligned when it is shorter. `head` is
   * drawn above the oldest block (what a reload left unread), reached by scrolling to the top.
   */
  render(
    width: number,
    height: number,
    context: RenderContext,
    startScreen: readonly string[],
    transient: readonly string[],
    head: readonly string[] = [],
  ): string[] {
    const blocks = this.#state.blocks();
    const tail =
      transient.length === 0
        ? []
        : [...(blocks.length === 0 && startScreen.length === 0 ? [] : [""]), ...transient];
    if (this.#anchorTransientTop)
      this.#scroll = Math.max(0, tail.length - (tail[0] === "" ? 1 : 0) - height);
    if (this.#anchor && this.#scroll > 0)
      this.#scroll = this.#fromAnchor(blocks, width, context, tail.length, height);
    const need = this.#scroll + height + 1;
    const collected =
      blocks.length === 0
        ? { lines: [...startScreen, ...tail], starts: [], complete: true }
        : this.#collect(blocks, width, context, need, tail, head);
    const total = collected.lines.length;
    if (collected.complete) this.#scroll = Math.min(this.#scroll, Math.max(0, total - height));
    const end = total - this.#scroll;
    const start = Math.max(0, end - height);
    const shown = collected.lines.slice(start, end);
    while (shown.length < height) shown.push("");
    this.#last = { moreAbove: start > 0 || !collected.complete, linesBelow: this.#scroll };
    if (this.#scroll > 0 && !this.#anchorTransientTop)
      this.#anchor = anchorAt(collected.starts, start);
    this.#anchorTransientTop = false;
    return shown;
  }

  #collect(
    blocks: readonly TranscriptBlock[],
    width: number,
    context: RenderContext,
    need: number,
    tail: readonly string[],
    head: readonly string[],
  ) {
    const chunks: string[][] = [];
    const keys: string[] = [];
    let count = tail.length;
    let i = blocks.length - 1;
    for (; i >= 0 && count < need; i -= 1) {
      const block = blocks[i] as TranscriptBlock;
      const lines = this.#lines(block, width, context);
      const gap = i > 0 && !tight(blocks[i - 1]?.kind, block.kind) ? [""] : [];
      chunks.push([...gap, ...lines]);
      keys.push(block.key);
      count += gap.length + lines.length;
    }
    const lines: string[] = i < 0 && head.length > 0 ? [...head, ""] : [];
    const starts: { key: string; index: number }[] = [];
    for (let c = chunks.length - 1; c >= 0; c -= 1) {
      starts.push({ key: keys[c] as string, index: lines.length });
      lines.push(...(chunks[c] as string[]));
    }
    lines.push(...tail);
    return { lines, starts, complete: i < 0 };
  }

  /** The scroll offset that keeps the anchored line at the top: lines from it to the end, minus the viewport. */
  #fromAnchor(
    blocks: readonly TranscriptBlock[],
    width: number,
    context: RenderContext,
    tail: number,
    height: number,
  ): number {
    const anchor = this.#anchor;
    const at = anchor ? blocks.findIndex((block) => block.key === anchor.key) : -1;
    if (!anchor || at < 0) return this.#scroll;
    let below = tail;
    for (let i = at; i < blocks.length; i += 1) {
      const block = blocks[i] as TranscriptBlock;
      below +=
        this.#lines(block, width, context).length +
        (i > 0 && !tight(blocks[i - 1]?.kind, block.kind) ? 1 : 0);
    }
    return Math.max(0, below - anchor.offset - height);
  }

  #lines(block: TranscriptBlock, width: number, context: RenderContext): readonly string[] {
    if (isLive(block, this.#state)) return blockLines(block, width, this.#state, context);
    const version = this.#state.version(block);
    const cached = this.#cache.get(block.key);
    if (
      cached &&
      cached.version === version &&
      cached.width === width &&
      cached.expanded === context.expandAnswers
    )
      return cached.lines;
    const lines = blockLines(block, width, this.#state, context);
    this.#cache.set(block.key, { version, width, expanded: context.expandAnswers, lines });
    return lines;
  }
}

function anchorAt(
  starts: readonly { key: string; index: number }[],
  line: number,
): { key: string; offset: number } | undefined {
  let found: { key: string; index: number } | undefined;
  for (const start of starts) if (start.index <= line) found = start;
  return found ? { key: found.key, offset: line - found.index } : undefined;
}
