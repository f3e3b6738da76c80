import { ElowenApiError, type ElowenClient } from "@elowen/client";
import type { PromptChangeOrigin } from "@elowen/plugin-api/events";
import type {
  ClientKeyEvent,
  PromptAutocompleteSuggestion,
  PromptBox,
  PromptDecoration,
  PromptEditResult,
  PromptFilled,
  PromptFillInput,
  PromptSuggestResult,
} from "@elowen/plugin-api/prompt-box";
import {
  PROMPT_BOX_CLIENT_CHAINS,
  type PromptBoxClientChain,
  type SessionEvent,
} from "@elowen/wire";
import {
  applyPromptEdit,
  normalizeDecorations,
  placeFill,
  spliceOf,
  tokenAt,
} from "@elowen/wire/prompt-box";
import { type PendingEdit, pendingEdit, replay, spanOn } from "./box-edits.js";
import { BoxRequests } from "./box-requests.js";
import { TypeaheadRows } from "./typeahead-rows.js";

const EMPTY: PromptBox = { text: "", cursor: 0 };

/**
 * The web composer's side of the prompt box, as the CLI's box behaves: each edit raises
 * `prompt.edit` when a plugin hooks it (its answer is what the box shows, with its decorations;
 * edits made while an answer is pending replay on the box it leaves), other changes raise
 * `prompt.change`, the token at the caret raises `prompt.autocomplete`, and a plugin's fill,
 * suggestion and read (`prompt_fill`, `prompt_suggest`, `prompt_read` events) are answered from
 * the box. Only hooked chains are raised; a failed raise fails open to the engine's own edit.
 */
export class PromptBoxModel {
  /** A dialog (a picker) holds the keys: a fill is then refused `dialog`. */
  dialogOpen = false;
  /** A turn runs: a suggestion cannot show. */
  turnRunning = false;
  readonly #client: ElowenClient | undefined;
  readonly #sessionId: string;
  readonly #listeners = new Set<() => void>();
  #hooked: ReadonlySet<PromptBoxClientChain> = new Set();
  #base: PromptBox = EMPTY;
  #baseDecorations: readonly PromptDecoration[] = [];
  #edits: PendingEdit[] = [];
  #inFlight = false;
  /** Bumped when the box is replaced wholesale: an answer to an older edit no longer applies. */
  #generation = 0;
  #suggestion: string | undefined;
  readonly #rows: TypeaheadRows;
  readonly #requests: BoxRequests;
  #revision = 0;

  /** `client` is absent for a box with no daemon behind it (the engine's own behaviour only). */
  constructor(client: ElowenClient | undefined, sessionId: string) {
    this.#client = client;
    this.#sessionId = sessionId;
    this.#rows = new TypeaheadRows(client, sessionId, () => this.#notify());
    this.#requests = new BoxRequests(client, sessionId);
  }

  /** Reads which chains have hooks; a daemon without the prompt-box routes has none. */
  async refresh(): Promise<void> {
    if (!this.#client) return;
    try {
      const { hooked } = await this.#client.promptBox.hooked(this.#sessionId);
      const chains: readonly PromptBoxClientChain[] = Object.values(PROMPT_BOX_CLIENT_CHAINS);
      this.#hooked = new Set(chains.filter((chain) => hooked.includes(chain)));
    } catch (error) {
      if (!(error instanceof ElowenApiError)) throw error;
      this.#hooked = new Set();
    }
    this.#notify();
  }

  /** The chains this box raises. */
  get hooked(): ReadonlySet<PromptBoxClientChain> {
    return this.#hooked;
  }

  /** The box as shown: the last answer, with the edits still waiting for theirs replayed on it. */
  get box(): PromptBox {
    return replay(this.#base, this.#baseDecorations, this.#edits).box;
  }

  /** The runs painted over the shown draft. */
  get decorations(): readonly PromptDecoration[] {
    const shown = replay(this.#base, this.#baseDecorations, this.#edits);
    return normalizeDecorations(shown.decorations, shown.box.text);
  }

  /** A plugin's suggestion, shown dim in the empty box (Tab or Right takes it). */
  get suggestion(): string | undefined {
    return this.#suggestion;
  }

  /**
   * Bumped whenever the box changed by another hand than the person's typing (an answer, a fill,
   * a completion): the text area then takes the box's caret.
   */
  get revision(): number {
    return this.#revision;
  }

  /** The rows plugins add to the typeahead for the token at the caret. */
  get rows(): readonly PromptAutocompleteSuggestion[] {
    return this.#rows.rows;
  }

  /** Listens for changes of what the box shows; returns the way to stop. */
  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * The person edited: the text area now holds `after`. The edit is raised as `prompt.edit` when
   * hooked (a bare caret move too); a key that made it is `key` (none for a paste).
   */
  input(after: PromptBox, key?: ClientKeyEvent): void {
    const before = this.box;
    if (before.text === after.text && before.cursor === after.cursor) return;
    if (after.text !== "") this.#suggestion = undefined;
    const edit = pendingEdit(before, spliceOf(before, after), key);
    this.#edits.push(edit);
    if (!this.#hooked.has("prompt.edit"))
      this.#settle(applyPromptEdit(this.#editInput(edit)), true);
    else void this.#pump();
    this.#notify();
    if (before.text !== after.text)
      void this.#rows.ask(this.box, this.#hooked.has("prompt.autocomplete"));
  }

  /** Puts a draft in the box by the engine's hand (a completion, a picker's line, a clear). */
  set(box: PromptBox, origin: "engine" | "clear" = "engine"): void {
    this.#replace(box, []);
    this.#suggestion = undefined;
    this.#change(origin === "clear" ? { kind: "clear" } : { kind: "engine" });
    void this.#rows.ask(this.box, this.#hooked.has("prompt.autocomplete"));
  }

  /** Takes the suggestion into the box for editing; false when there is none to take. */
  takeSuggestion(): boolean {
    const text = this.#suggestion;
    if (text === undefined || this.box.text !== "") return false;
    this.set({ text, cursor: text.length });
    return true;
  }

  /** Takes a typeahead row: its text replaces the token at the caret, the caret after it. */
  takeRow(row: PromptAutocompleteSuggestion): void {
    const box = this.box;
    const found = tokenAt(box.text, box.cursor);
    const start = found?.start ?? box.cursor;
    this.set({
      text: box.text.slice(0, start) + row.text + box.text.slice(box.cursor),
      cursor: start + row.text.length,
    });
  }

  /** Closes the typeahead until the draft changes. */
  dismissRows(): void {
    this.#rows.dismiss();
  }

  /**
   * Answers a plugin's request if `event` is one (`prompt_fill`, `prompt_suggest`, `prompt_read`),
   * from this box; returns whether it was.
   */
  handle(event: SessionEvent): boolean {
    return this.#requests.handle(event, this);
  }

  /** Lands a plugin's fill (its chain already ran); refused while a dialog holds the keys. */
  fill(input: PromptFillInput): PromptFilled {
    const box = this.box;
    if (this.dialogOpen) return { isFilled: false, refusal: "dialog", ...box };
    const placed = placeFill(box, input);
    this.#replace(placed.box, placed.decorations);
    this.#suggestion = undefined;
    this.#change(
      input.origin.kind === "plugin"
        ? { kind: "plugin", name: input.origin.name }
        : { kind: "engine" },
    );
    return { isFilled: true, ...this.box };
  }

  /** A plugin's suggestion (its chain already ran): shown only in the empty box while no turn runs. */
  suggest(text: string): PromptSuggestResult {
    if (this.box.text !== "" || this.turnRunning || text.trim() === "") return { isShown: false };
    this.#suggestion = text;
    this.#notify();
    return { isShown: true };
  }

  #editInput(edit: PendingEdit) {
    const { start, end } = spanOn(this.#base, edit);
    return {
      origin: { kind: "composer" as const },
      ...(edit.key ? { key: edit.key } : {}),
      text: this.#base.text,
      cursor: this.#base.cursor,
      start,
      end,
      inputText: edit.inputText,
    };
  }

  /** Raises the oldest waiting edit, one at a time, each on the box the previous answer left. */
  async #pump(): Promise<void> {
    const edit = this.#edits[0];
    if (this.#inFlight || !edit || !this.#client) return;
    this.#inFlight = true;
    const generation = this.#generation;
    const input = this.#editInput(edit);
    let answer: PromptEditResult;
    let own = false;
    try {
      answer = await this.#client.promptBox.edit(this.#sessionId, input);
    } catch {
      // Fail open: the box keeps the edit the person made.
      answer = applyPromptEdit(input);
      own = true;
    }
    this.#inFlight = false;
    if (generation !== this.#generation) return void this.#pump();
    this.#settle(answer, own);
    this.#notify();
    void this.#pump();
  }

  /**
   * The oldest waiting edit got its answer: it becomes the box the next ones replay on. A hook's
   * answer brings its own decorations (none when absent); the engine's own edit keeps the old ones
   * on their characters.
   */
  #settle(
    answer: PromptBox & { readonly decorations?: readonly PromptDecoration[] | undefined },
    own = false,
  ): void {
    const edit = this.#edits.shift();
    const kept = replay(this.#base, this.#baseDecorations, edit ? [edit] : []).decorations;
    const cursor = Math.min(Math.max(0, answer.cursor), answer.text.length);
    if (!own) this.#revision += 1;
    this.#base = { text: answer.text, cursor };
    this.#baseDecorations = normalizeDecorations(
      own ? kept : (answer.decorations ?? []),
      answer.text,
    );
  }

  #replace(box: PromptBox, decorations: readonly PromptDecoration[]): void {
    this.#generation += 1;
    this.#revision += 1;
    this.#edits = [];
    this.#base = box;
    this.#baseDecorations = decorations;
    this.#notify();
  }

  #change(origin: PromptChangeOrigin): void {
    if (!this.#client || !this.#hooked.has("prompt.change")) return;
    const { text, cursor } = this.box;
    void this.#client.promptBox.change(this.#sessionId, { text, cursor, origin }).catch(() => {});
  }

  #notify(): void {
    for (const listener of [...this.#listeners]) listener();
  }
}
