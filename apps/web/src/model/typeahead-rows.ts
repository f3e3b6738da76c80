import type { ElowenClient } from "@elowen/client";
import type { PromptAutocompleteSuggestion, PromptBox } from "@elowen/plugin-api/prompt-box";
import { tokenAt } from "@elowen/wire/prompt-box";

/**
 * The rows plugins add to the typeahead (`prompt.autocomplete`) for the token at the caret, asked
 * after each change of the draft; only the latest answer counts, a failed one is no rows.
 */
export class TypeaheadRows {
  readonly #client: ElowenClient | undefined;
  readonly #sessionId: string;
  readonly #changed: () => void;
  #rows: readonly PromptAutocompleteSuggestion[] = [];
  #asked = 0;

  constructor(client: ElowenClient | undefined, sessionId: string, changed: () => void) {
    this.#client = client;
    this.#sessionId = sessionId;
    this.#changed = changed;
  }

  /** The rows for the token at the caret, as last answered. */
  get rows(): readonly PromptAutocompleteSuggestion[] {
    return this.#rows;
  }

  /** Asks for the rows of `box`'s token; none when `hooked` is false or there is no token. */
  async ask(box: PromptBox, hooked: boolean): Promise<void> {
    const asked = ++this.#asked;
    const found = tokenAt(box.text, box.cursor);
    let rows: readonly PromptAutocompleteSuggestion[] = [];
    if (found && this.#client && hooked) {
      try {
        const input = { text: box.text, cursor: box.cursor, ...found };
        rows = (await this.#client.promptBox.autocomplete(this.#sessionId, input)).suggestions;
      } catch {
        rows = [];
      }
    }
    if (asked !== this.#asked) return;
    this.#rows = rows.filter((row) => row.text !== "");
    this.#changed();
  }

  /** Closes the rows until they are asked again. */
  dismiss(): void {
    this.#asked += 1;
    this.#rows = [];
    this.#changed();
  }
}
