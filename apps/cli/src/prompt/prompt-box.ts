import {
  type PromptBox,
  PromptEditResultSchema,
  type PromptFilled,
  type PromptFillInput,
  type PromptSuggestResult,
} from "@elowen/plugin-api/prompt-box";
import { normalizeDecorations, placeFill, shiftDecorations } from "@elowen/wire/prompt-box";
import type { PromptBoxChains } from "./prompt-box-chains.js";
import type { BoxChange, PromptEditor } from "./prompt-editor.js";

/** What the box's owner tells it about the screen, for fills and suggestions. */
export interface BoxConditions {
  /** A dialog (question, permission, picker) holds the keys. */
  readonly dialogOpen: () => boolean;
  /** A turn runs in the session. */
  readonly turnRunning: () => boolean;
}

/**
 * The prompt box's side of the prompt-box chains. Each edit the person makes is raised as
 * `prompt.edit` when a plugin hooks it; its answer is what the box shows, with its decorations.
 * While an answer is pending the next keys wait, so each edit applies to the box the previous
 * answer left, and the decorations move with the splice. Other changes raise `prompt.change`
 * (observed only). Fills and suggestions from plugins land through {@link fill} and
 * {@link suggest}; {@link read} answers `prompt.read`.
 */
export class PromptBoxController {
  readonly #editor: PromptEditor;
  readonly #chains: PromptBoxChains;
  readonly #conditions: BoxConditions;
  readonly #render: () => void;
  #pending = 0;
  readonly #queue: string[] = [];

  constructor(
    editor: PromptEditor,
    chains: PromptBoxChains,
    conditions: BoxConditions,
    render: () => void,
  ) {
    this.#editor = editor;
    this.#chains = chains;
    this.#conditions = conditions;
    this.#render = render;
    editor.onBoxChange = (change) => this.#changed(change);
  }

  /** Feeds a key to the box: at once, or after the pending `prompt.edit` answer. */
  input(data: string): void {
    if (this.#pending > 0) this.#queue.push(data);
    else this.#editor.handleInput(data);
  }

  /** Whether an edit's answer is still pending. */
  get waiting(): boolean {
    return this.#pending > 0;
  }

  /** `prompt.read`: the box as it stands. */
  read(): PromptBox {
    return this.#editor.box;
  }

  /**
   * Lands a plugin's fill (its `prompt.fill` chain already ran): over the draft, after it, or at
   * the caret; refused while a dialog holds the keys. Decorations move to where the text landed.
   */
  fill(input: PromptFillInput): PromptFilled {
    const box = this.#editor.box;
    if (this.#conditions.dialogOpen()) return { isFilled: false, refusal: "dialog", ...box };
    // The box takes the text without what a terminal draws as nothing (`PromptFillInput.text`).
    const placed = placeFill(box, input);
    this.#editor.suggestion = undefined;
    this.#editor.setBox(placed.box);
    this.#editor.decorations = placed.decorations;
    this.#raiseChange(
      input.origin.kind === "plugin"
        ? { kind: "plugin", name: input.origin.name }
        : { kind: "engine" },
      placed.box,
    );
    this.#render();
    return { isFilled: true, ...this.#editor.box };
  }

  /** A plugin's suggestion (its `prompt.suggest` chain already ran): shown dim in the empty box only while no turn runs. */
  suggest(text: string): PromptSuggestResult {
    if (this.#editor.box.text !== "" || this.#conditions.turnRunning() || text.trim() === "")
      return { isShown: false };
    this.#editor.suggestion = text;
    this.#render();
    return { isShown: true };
  }

  #changed(change: BoxChange): void {
    if (change.kind === "change") {
      this.#editor.decorations = [];
      this.#raiseChange({ kind: change.origin }, change.after);
      return;
    }
    this.#editor.decorations = shiftDecorations(
      this.#editor.decorations,
      change.start,
      change.end,
      change.inputText.length,
    );
    if (!this.#chains.hooked().has("prompt.edit")) return;
    this.#pending += 1;
    const input = {
      origin: { kind: "composer" as const },
      ...(change.key ? { key: change.key } : {}),
      text: change.before.text,
      cursor: change.before.cursor,
      start: change.start,
      end: change.end,
      inputText: change.inputText,
    };
    void this.#chains
      .edit(input)
      .then((answer) => {
        const parsed = PromptEditResultSchema.safeParse(answer);
        if (!parsed.success) return;
        this.#editor.setBox({ text: parsed.data.text, cursor: parsed.data.cursor });
        this.#editor.decorations = normalizeDecorations(
          parsed.data.decorations ?? [],
          parsed.data.text,
        );
      })
      .catch(() => {
        // Fail open: the box keeps the edit the editor made.
      })
      .finally(() => {
        this.#pending -= 1;
        this.#render();
        while (this.#pending === 0 && this.#queue.length > 0)
          this.#editor.handleInput(this.#queue.shift() as string);
      });
  }

  #raiseChange(
    origin: { kind: "history" | "clear" | "undo" | "engine" } | { kind: "plugin"; name: string },
    box: PromptBox,
  ): void {
    if (!this.#chains.hooked().has("prompt.change")) return;
    void this.#chains.change({ text: box.text, cursor: box.cursor, origin }).catch(() => {});
  }
}
