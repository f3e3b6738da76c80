import type { Editor } from "@mariozechner/pi-tui";
import { CliError } from "../cli/cli-error.js";
import { EXIT_CODES } from "../cli/exit-codes.js";

/** One line of the editor's layout (pi-tui's own wrapping of the draft). */
export interface LayoutLine {
  readonly text: string;
  readonly hasCursor: boolean;
  readonly cursorPos?: number;
}

/** The parts of pi-tui 0.73's Editor the prompt box reads besides its public API. */
interface Internals {
  state: { lines: string[]; cursorLine: number; cursorCol: number };
  scrollOffset: number;
  layoutText(width: number): LayoutLine[];
  tryTriggerAutocomplete(): void;
}

/**
 * The prompt box paints decorations over the draft, moves the caret to where a `prompt.edit`
 * answer puts it, and asks for completions again when the command catalog arrives; pi-tui's
 * Editor has no public seam for these, so these few members of its
 * implementation are read here, in one place, and checked when the box is made: a pi-tui that
 * renamed them fails at once with this message rather than drawing wrongly.
 */
export function editorInternals(editor: Editor): Internals {
  const internals = editor as unknown as Partial<Internals>;
  if (
    typeof internals.state !== "object" ||
    !Array.isArray(internals.state?.lines) ||
    typeof internals.scrollOffset !== "number" ||
    typeof internals.layoutText !== "function" ||
    typeof internals.tryTriggerAutocomplete !== "function"
  ) {
    throw new CliError(
      EXIT_CODES.failure,
      "@mariozechner/pi-tui's Editor no longer has state, scrollOffset, layoutText and tryTriggerAutocomplete: the prompt box was written against pi-tui 0.73.1",
    );
  }
  return internals as Internals;
}

/** The caret's offset in the draft (UTF-16 code units) from its line and column. */
export function offsetOf(lines: readonly string[], line: number, col: number): number {
  let offset = 0;
  for (let i = 0; i < line; i += 1) offset += (lines[i]?.length ?? 0) + 1;
  return offset + col;
}

/** The line and column of an offset in the draft, clamped into it. */
export function positionOf(
  lines: readonly string[],
  offset: number,
): { line: number; col: number } {
  let rest = Math.max(0, offset);
  for (let i = 0; i < lines.length; i += 1) {
    const length = lines[i]?.length ?? 0;
    if (rest <= length) return { line: i, col: rest };
    rest -= length + 1;
  }
  const last = Math.max(0, lines.length - 1);
  return { line: last, col: lines[last]?.length ?? 0 };
}

/**
 * The draft offset each layout line starts at. pi-tui wraps a logical line into contiguous
 * slices, so walking the layout in order and stepping over each logical line's newline gives
 * every slice's place in the whole text.
 */
export function layoutOffsets(lines: readonly string[], layout: readonly LayoutLine[]): number[] {
  const offsets: number[] = [];
  let row = 0;
  let offset = 0;
  for (const line of lines) {
    let consumed = 0;
    do {
      const next = layout[row];
      if (!next) return offsets;
      offsets.push(offset + consumed);
      consumed += next.text.length;
      row += 1;
    } while (consumed < line.length);
    offset += line.length + 1;
  }
  return offsets;
}
