import type { PromptAutocompleteSuggestion } from "@elowen/plugin-api/prompt-box";
import type { CommandCatalog } from "@elowen/wire";
import type { ComponentChildren } from "preact";
import { useEffect, useState } from "preact/hooks";
import { useApp } from "./app-context.js";

type Command = CommandCatalog["commands"][number];

/** At most this many commands are offered at once (ours). */
export const COMMAND_MENU_ROWS = 8;

/** What the menu gives the text box it decorates. */
export interface CommandMenuProps {
  readonly attributes: Record<string, string | undefined>;
  /** Handles a key for the menu; true when it did (the box then ignores it). */
  readonly onKeyDown: (event: KeyboardEvent) => boolean;
}

/**
 * The prompt box's typeahead: while the draft is `/` and a command name being typed, the catalog
 * (`GET /commands?surface=web`, refetched each time the menu opens) is filtered by that prefix;
 * under the engine's own rows come the rows plugins add for the token at the caret
 * (`prompt.autocomplete`). One listbox: arrows move, Enter or Tab takes, Escape closes.
 */
export function CommandMenu(props: {
  readonly text: string;
  readonly onTake: (command: Command) => void;
  /** The rows plugins add for the token at the caret, drawn under the commands. */
  readonly rows?: readonly PromptAutocompleteSuggestion[];
  readonly onTakeRow?: (row: PromptAutocompleteSuggestion) => void;
  readonly children: (menu: CommandMenuProps) => ComponentChildren;
}) {
  const { client } = useApp();
  const typing = /^\/([a-z0-9-]{0,32})$/.exec(props.text);
  const prefix = typing?.[1];
  const [catalog, setCatalog] = useState<readonly Command[]>();
  const [active, setActive] = useState(0);
  const [closedFor, setClosedFor] = useState<string>();
  const open = prefix !== undefined && closedFor !== props.text;

  useEffect(() => {
    if (prefix !== "") return;
    setClosedFor(undefined);
    let cancelled = false;
    client
      .commands("web")
      .then((c) => {
        if (!cancelled) setCatalog(c.commands);
      })
      .catch(() => {
        if (!cancelled) setCatalog([]);
      });
    return () => {
      cancelled = true;
    };
  }, [client, prefix === ""]);

  const matches = open
    ? (catalog ?? []).filter((c) => c.name.startsWith(prefix ?? "")).slice(0, COMMAND_MENU_ROWS)
    : [];
  const rows = closedFor === props.text ? [] : (props.rows ?? []).slice(0, COMMAND_MENU_ROWS);
  const items = [
    ...matches.map((command) => ({ id: `command-${command.name}`, command })),
    ...rows.map((row, i) => ({ id: `completion-${i}`, row })),
  ];
  const shown = items.length > 0;
  const index = Math.min(active, Math.max(0, items.length - 1));
  const take = (item: (typeof items)[number] | undefined) => {
    if (item && "command" in item) props.onTake(item.command);
    else if (item) props.onTakeRow?.(item.row);
    setActive(0);
  };

  const onKeyDown = (event: KeyboardEvent): boolean => {
    if (!shown) return false;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((index + step + items.length) % items.length);
      return true;
    }
    if (event.key === "Enter" || event.key === "Tab") {
      const item = items[index];
      if (!item) return false;
      event.preventDefault();
      take(item);
      return true;
    }
    if (event.key === "Escape") {
      setClosedFor(props.text);
      return true;
    }
    return false;
  };

  return (
    <div class="command-menu-wrap">
      {shown && (
        <div
          id="command-menu"
          role="listbox"
          class="command-menu"
          aria-label={matches.length > 0 ? "Commands" : "Completions"}
        >
          {items.map((item, i) => (
            <div
              key={item.id}
              id={item.id}
              role="option"
              tabIndex={-1}
              aria-selected={i === index ? "true" : "false"}
              onMouseDown={(event) => {
                event.preventDefault();
                take(item);
              }}
            >
              {"command" in item ? (
                <>
                  <span class="command-name">/{item.command.name}</span>
                  {item.command.argumentHint && (
                    <span class="hint"> {item.command.argumentHint}</span>
                  )}
                  <span class="hint"> {item.command.description}</span>
                </>
              ) : (
                <>
                  <span class="command-name">{item.row.label ?? item.row.text}</span>
                  {item.row.description && <span class="hint"> {item.row.description}</span>}
                </>
              )}
            </div>
          ))}
        </div>
      )}
      {props.children({
        attributes: {
          role: "combobox",
          "aria-autocomplete": "list",
          "aria-expanded": shown ? "true" : "false",
          "aria-controls": shown ? "command-menu" : undefined,
          "aria-activedescendant": shown ? items[index]?.id : undefined,
        },
        onKeyDown,
      })}
    </div>
  );
}
