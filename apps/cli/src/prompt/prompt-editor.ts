import type { ClientKeyEvent, PromptBox, PromptDecoration } from "@elowen/plugin-api/prompt-box";
import { spliceOf } from "@elowen/wire/prompt-box";
import {
  CURSOR_MARKER,
  Editor,
  type EditorOptions,
  parseKey,
  type TUI,
  truncateToWidth,
  visibleWidth,
} from "@mariozechner/pi-tui";
import { dim } from "../tui/style.js";
import { editorTheme } from "../tui/theme.js";
import { paintRow } from "./decorations.js";
import { editorInternals, layoutOffsets, offsetOf, positionOf } from "./editor-internals.js";
import { keyEvent } from "./key-event.js";

/** How a change of the box came about, as the prompt box chains name it (`PromptChangeInput`). */
export type BoxChange =
  /** A person's edit: `prompt.edit` carries it. */
  | {
      readonly kind: "edit";
      readonly before: PromptBox;
      readonly after: PromptBox;
      readonly start: number;
      readonly end: number;
      readonly inputText: string;
      readonly key?: ClientKeyEvent;
    }
  /** Anything else that wrote the box: `prompt.change` tells hooks about it. */
  | {
      readonly kind: "change";
      readonly origin: "history" | "clear" | "undo" | "engine";
      readonly after: PromptBox;
    };

/**
 * pi-tui's Editor as Elowen's prompt box: every key still goes to the Editor (editing, history,
 * paste, the completion menu), and the box then reports what the key did as a splice of the
 * draft (`prompt.edit`) or another kind of change (`prompt.change`). It also paints
 * `PromptDecoration`s over the draft and a dim suggestion in the empty box, which Tab or Right
 * takes.
 */
export class PromptEditor extends Editor {
  /** Decorations painted over the draft, normalized against it. */
  decorations: readonly PromptDecoration[] = [];
  /** A suggestion shown dim while the box is empty; Tab or Right takes it. */
  suggestion: string | undefined;
  /** Told of every change of the box, after it landed. */
  onBoxChange?: (change: BoxChange) => void;
  /** Told when a suggestion was taken. */
  onSuggestionTaken?: (text: string) => void;
  /** Told of a submitted draft (Enter), before the box reports that it was cleared. */
  onSubmitText?: (text: string) => void;
  readonly #internals: ReturnType<typeof editorInternals>;
  #submitted = false;

  constructor(tui: TUI, options: EditorOptions = {}) {
    super(tui, editorTheme, { paddingX: 1, ...options });
    this.#internals = editorInternals(this);
    this.onSubmit = (text) => {
      this.#submitted = true;
      this.onSubmitText?.(text);
    };
  }

  /** The draft and the caret, in UTF-16 code units. */
  get box(): PromptBox {
    const { lines, cursorLine, cursorCol } = this.#internals.state;
    return { text: lines.join("\n"), cursor: offsetOf(lines, cursorLine, cursorCol) };
  }

  /** Puts a draft in the box with the caret at `cursor` (clamped), without telling anyone. */
  setBox(box: PromptBox): void {
    if (this.getText() !== box.text) this.setText(box.text);
    const { lines } = this.#internals.state;
    const at = positionOf(lines, box.cursor);
    this.#internals.state.cursorLine = at.line;
    this.#internals.state.cursorCol = at.col;
  }

  /**
   * Empties the box (Ctrl+C on a draft): not an edit the person typed, so it is reported as a
   * change with the `clear` origin; an empty box reports nothing.
   */
  clear(): void {
    if (this.box.text === "") return;
    this.setText("");
    this.onBoxChange?.({ kind: "change", origin: "clear", after: this.box });
  }

  /** Asks the completion menu again for the draft as it stands (the command catalog changed). */
  refreshCompletions(): void {
    if (!this.isShowingAutocomplete() && this.getText().trimStart().startsWith("/"))
      this.#internals.tryTriggerAutocomplete();
  }

  override handleInput(data: string): void {
    const before = this.box;
    if (
      this.suggestion !== undefined &&
      before.text === "" &&
      (data === "\t" || parseKey(data) === "right")
    ) {
      const taken = this.suggestion;
      this.suggestion = undefined;
      this.setBox({ text: taken, cursor: taken.length });
      this.onSuggestionTaken?.(taken);
      this.onBoxChange?.({ kind: "change", origin: "engine", after: this.box });
      return;
    }
    const menuOpen = this.isShowingAutocomplete();
    const key = parseKey(data);
    this.#submitted = false;
    super.handleInput(data);
    const after = this.box;
    if (this.#submitted) {
      this.#submitted = false;
      this.onBoxChange?.({ kind: "change", origin: "clear", after });
      return;
    }
    if (before.text === after.text && before.cursor === after.cursor) return;
    if (after.text !== "") this.suggestion = undefined;
    // Only a key that takes a completion row writes the engine's text; a key typed while the
    // menu shows is still the person's edit.
    const origin =
      menuOpen && (key === "tab" || key === "enter") && before.text !== after.text
        ? "engine"
        : key === "up" || key === "down"
          ? before.text !== after.text
            ? "history"
            : undefined
          : key === "ctrl+-" || key === "ctrl+_"
            ? "undo"
            : undefined;
    if (origin) {
      this.onBoxChange?.({ kind: "change", origin, after });
      return;
    }
    const edit = spliceOf(before, after);
    // A paste and a keybinding's newline carry no key (`PromptEditInput.key`).
    const keyed = key !== undefined && !data.includes("\x1b[200~") && edit.inputText !== "\n";
    this.onBoxChange?.({
      kind: "edit",
      before,
      after,
      ...edit,
      ...(keyed ? { key: keyEvent(key, data) } : {}),
    });
  }

  override render(width: number): string[] {
    const lines = super.render(width);
    const { text } = this.box;
    if (text === "" && this.suggestion) return this.#withSuggestion(lines, width);
    if (this.decorations.length === 0 || text === "") return lines;
    return this.#painted(lines, width);
  }

  #withSuggestion(lines: string[], width: number): string[] {
    const padding = Math.min(this.getPaddingX(), Math.max(0, Math.floor((width - 1) / 2)));
    const inner = Math.max(1, width - padding * 2);
    const cursor = `${this.focused ? CURSOR_MARKER : ""}\x1b[7m \x1b[0m`;
    const row = truncateToWidth(`${cursor}${dim(this.suggestion ?? "")}`, inner, "…");
    const out = [...lines];
    out[1] = `${" ".repeat(padding)}${row}${" ".repeat(Math.max(0, inner - visibleWidth(row)))}${" ".repeat(padding)}`;
    return out;
  }

  #painted(lines: string[], width: number): string[] {
    const padding = Math.min(this.getPaddingX(), Math.max(0, Math.floor((width - 1) / 2)));
    const contentWidth = Math.max(1, width - padding * 2);
    const layoutWidth = Math.max(1, contentWidth - (padding ? 0 : 1));
    const { state, scrollOffset } = this.#internals;
    const layout = this.#internals.layoutText(layoutWidth);
    const offsets = layoutOffsets(state.lines, layout);
    const text = state.lines.join("\n");
    const marker = this.focused && !this.isShowingAutocomplete();
    const out = [...lines];
    for (let row = 1; row < out.length; row += 1) {
      const index = scrollOffset + row - 1;
      const line = layout[index];
      const base = offsets[index];
      if (!line || base === undefined || row >= out.length - 1 || (out[row] ?? "").includes("─"))
        break;
      const painted = paintRow(
        line.text,
        base,
        this.decorations,
        line.hasCursor ? line.cursorPos : undefined,
        marker,
        base + line.text.length === text.length,
      );
      const fitted = truncateToWidth(painted, contentWidth, "");
      out[row] =
        `${" ".repeat(padding)}${fitted}${" ".repeat(Math.max(0, contentWidth - visibleWidth(fitted)))}${" ".repeat(padding)}`;
    }
    return out;
  }
}
