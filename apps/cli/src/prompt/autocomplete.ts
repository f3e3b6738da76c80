import type { PromptAutocompleteSuggestion } from "@elowen/plugin-api/prompt-box";
import { tokenAt } from "@elowen/wire/prompt-box";
import {
  type AutocompleteItem,
  type AutocompleteProvider,
  type AutocompleteSuggestions,
  CombinedAutocompleteProvider,
} from "@mariozechner/pi-tui";
import type { CatalogCommand } from "../chat/catalog-command.js";
import { offsetOf, positionOf } from "./editor-internals.js";
import type { PromptBoxChains } from "./prompt-box-chains.js";

/**
 * The prompt box's typeahead: pi-tui's own slash-command and file-path completion (the engine's
 * rows), then the rows plugins add through the `prompt.autocomplete` chain for the token at the
 * caret, drawn under the engine's. Taking a plugin row writes its text in place of the token.
 */
export class PromptAutocomplete implements AutocompleteProvider {
  readonly #chains: PromptBoxChains;
  readonly #basePath: string;
  #engine: CombinedAutocompleteProvider;
  #commands: readonly CatalogCommand[] = [];
  readonly #pluginRows = new WeakMap<AutocompleteItem, { start: number }>();

  constructor(chains: PromptBoxChains, basePath: string) {
    this.#chains = chains;
    this.#basePath = basePath;
    this.#engine = new CombinedAutocompleteProvider([], basePath);
  }

  /** Takes the command catalog (`chatCommands('cli')`) for slash completion. */
  setCommands(commands: readonly CatalogCommand[]): void {
    this.#commands = commands;
    this.#engine = new CombinedAutocompleteProvider(
      commands.map((c) => ({
        name: c.name,
        description: c.description,
        ...(c.argumentHint ? { argumentHint: c.argumentHint } : {}),
      })),
      this.#basePath,
    );
  }

  async getSuggestions(
    lines: string[],
    cursorLine: number,
    cursorCol: number,
    options: { signal: AbortSignal; force?: boolean },
  ): Promise<AutocompleteSuggestions | null> {
    const engine = await this.#engine.getSuggestions(lines, cursorLine, cursorCol, options);
    const rows = await this.#pluginSuggestions(lines, cursorLine, cursorCol);
    if (rows.length === 0) return engine;
    const text = lines.join("\n");
    const cursor = offsetOf(lines, cursorLine, cursorCol);
    const found = tokenAt(text, cursor);
    const items = rows.map((row) => {
      const item: AutocompleteItem = {
        value: row.text,
        label: row.label ?? row.text,
        ...(row.description ? { description: row.description } : {}),
      };
      this.#pluginRows.set(item, { start: found?.start ?? cursor });
      return item;
    });
    return {
      items: [...(engine?.items ?? []), ...items],
      prefix: engine?.prefix ?? found?.token ?? "",
    };
  }

  applyCompletion(
    lines: string[],
    cursorLine: number,
    cursorCol: number,
    item: AutocompleteItem,
    prefix: string,
  ) {
    const plugin = this.#pluginRows.get(item);
    if (!plugin) {
      const typed = staleSlashToken(lines[cursorLine] ?? "", cursorCol, prefix);
      if (typed === undefined)
        return this.#engine.applyCompletion(lines, cursorLine, cursorCol, item, prefix);
      // The menu was computed for an older draft (the person typed on before it caught up):
      // what runs is what the draft names now, never the stale row.
      const named = this.#commands.find((c) => c.name === typed);
      const completed = named ?? this.#commands.find((c) => c.name.startsWith(typed));
      if (!completed || named) return { lines, cursorLine, cursorCol };
      const fresh = { value: completed.name, label: completed.name };
      return this.#engine.applyCompletion(lines, cursorLine, cursorCol, fresh, `/${typed}`);
    }
    const text = lines.join("\n");
    const cursor = offsetOf(lines, cursorLine, cursorCol);
    const next = text.slice(0, plugin.start) + item.value + text.slice(cursor);
    const nextLines = next.split("\n");
    const at = positionOf(nextLines, plugin.start + item.value.length);
    return { lines: nextLines, cursorLine: at.line, cursorCol: at.col };
  }

  /** The commands slash completion offers (the catalog the chat last read). */
  get commands(): readonly CatalogCommand[] {
    return this.#commands;
  }

  shouldTriggerFileCompletion(lines: string[], cursorLine: number, cursorCol: number): boolean {
    if (this.#chains.hooked().has("prompt.autocomplete")) return true;
    return this.#engine.shouldTriggerFileCompletion(lines, cursorLine, cursorCol);
  }

  async #pluginSuggestions(
    lines: string[],
    cursorLine: number,
    cursorCol: number,
  ): Promise<readonly PromptAutocompleteSuggestion[]> {
    if (!this.#chains.hooked().has("prompt.autocomplete")) return [];
    const text = lines.join("\n");
    const cursor = offsetOf(lines, cursorLine, cursorCol);
    const found = tokenAt(text, cursor);
    if (!found) return [];
    try {
      const result = await this.#chains.autocomplete({
        text,
        cursor,
        token: found.token,
        start: found.start,
      });
      return result.suggestions.filter((row) => row.text !== "");
    } catch {
      return [];
    }
  }
}

/**
 * The command name typed before the caret when the menu's `prefix` no longer matches it (the menu
 * is stale); undefined when the menu is current or the caret is not in a command name.
 */
export function staleSlashToken(
  line: string,
  cursorCol: number,
  prefix: string,
): string | undefined {
  if (!prefix.startsWith("/")) return undefined;
  const typed = /^\s*\/([^\s/]*)$/.exec(line.slice(0, cursorCol))?.[1];
  if (typed === undefined || `/${typed}` === prefix) return undefined;
  return typed;
}
