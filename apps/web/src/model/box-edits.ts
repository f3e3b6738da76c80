import type { ClientKeyEvent, PromptBox, PromptDecoration } from "@elowen/plugin-api/prompt-box";
import { shiftDecorations } from "@elowen/wire/prompt-box";

/**
 * An edit the person made that waits for its `prompt.edit` answer, kept relative to the caret it
 * was made at: a browser has already applied the key to the text area, so the edit is replayed on
 * whatever box the previous answer left, where the caret now is, as a terminal re-feeds a key.
 */
export interface PendingEdit {
  /** Where the splice starts, from the caret of the box it was made in. */
  readonly delta: number;
  /** How many code units it replaces. */
  readonly length: number;
  readonly inputText: string;
  readonly key?: ClientKeyEvent;
}

/** The edit that turned `before` into a draft, relative to `before`'s caret. */
export function pendingEdit(
  before: PromptBox,
  splice: { readonly start: number; readonly end: number; readonly inputText: string },
  key?: ClientKeyEvent,
): PendingEdit {
  return {
    delta: splice.start - before.cursor,
    length: splice.end - splice.start,
    inputText: splice.inputText,
    ...(key ? { key } : {}),
  };
}

/** Where a pending edit lands on `box`: its span, clamped into the text. */
export function spanOn(
  box: PromptBox,
  edit: PendingEdit,
): { readonly start: number; readonly end: number } {
  const start = Math.min(box.text.length, Math.max(0, box.cursor + edit.delta));
  return { start, end: Math.min(box.text.length, start + edit.length) };
}

/**
 * `box` with the pending edits applied in order, and the decorations moved with them, so they stay
 * on the same characters while the answers are pending (`PromptEditResult.decorations`).
 */
export function replay(
  box: PromptBox,
  decorations: readonly PromptDecoration[],
  edits: readonly PendingEdit[],
): { readonly box: PromptBox; readonly decorations: readonly PromptDecoration[] } {
  let shown = box;
  let painted = decorations;
  for (const edit of edits) {
    const { start, end } = spanOn(shown, edit);
    painted = shiftDecorations(painted, start, end, edit.inputText.length);
    shown = {
      text: shown.text.slice(0, start) + edit.inputText + shown.text.slice(end),
      cursor: start + edit.inputText.length,
    };
  }
  return { box: shown, decorations: painted };
}
