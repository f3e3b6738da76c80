import type { CatalogCommand } from "./catalog-command.js";

/** A typed slash command: its name and the text after it (the separator and tail kept byte for byte). */
export interface SlashInput {
  readonly name: string;
  readonly args: string;
}

/**
 * Reads `/name args` from a submitted draft: the name runs to the first whitespace character
 * (tabs and newlines included), the arguments are the rest after that one separator. Undefined
 * for a draft that is not a slash command.
 */
export function parseSlash(text: string): SlashInput | undefined {
  const match = /^\/([^\s/]+)(?:\s([\s\S]*))?$/.exec(text.trimStart());
  if (!match) return undefined;
  return { name: match[1] as string, args: match[2] ?? "" };
}

/** How a typed command runs on the terminal. */
export type SlashRoute =
  | { readonly kind: "builtin"; readonly command: CatalogCommand }
  | { readonly kind: "picker"; readonly command: CatalogCommand }
  /** A picker the terminal cannot draw (no `cliPicker`). */
  | { readonly kind: "no-cli-picker"; readonly command: CatalogCommand }
  /** A prompt command, an alias, or a name the catalog does not list: the daemon expands it in a turn. */
  | { readonly kind: "turn" };

/** Routes a slash command by the catalog: builtins and pickers run here and create no model turn. */
export function routeSlash(input: SlashInput, catalog: readonly CatalogCommand[]): SlashRoute {
  const command = catalog.find((c) => c.name === input.name);
  if (!command) return { kind: "turn" };
  if (command.mechanism === "builtin") return { kind: "builtin", command };
  if (command.kind === "picker")
    return command.cliPicker ? { kind: "picker", command } : { kind: "no-cli-picker", command };
  return { kind: "turn" };
}
