import type { CommandCatalog } from "@elowen/client";
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
 * The slash-command typeahead: while the draft is `/` and a command name being typed, the
 * catalog (`GET /commands?surface=web`, refetched each time the menu opens) is filtered by that
 * prefix and offered as a listbox; arrows move, Enter or Tab takes, Escape closes.
 */
export function CommandMenu(props: {
  readonly text: string;
  readonly onTake: (command: Command) => void;
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
  const shown = matches.length > 0;
  const index = Math.min(active, Math.max(0, matches.length - 1));

  const onKeyDown = (event: KeyboardEvent): boolean => {
    if (!shown) return false;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((index + step + matches.length) % matches.length);
      return true;
    }
    if (event.key === "Enter" || event.key === "Tab") {
      const command = matches[index];
      if (!command) return false;
      event.preventDefault();
      props.onTake(command);
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
        <div id="command-menu" role="listbox" class="command-menu" aria-label="Commands">
          {matches.map((command, i) => (
            <div
              key={command.name}
              id={`command-${command.name}`}
              role="option"
              tabIndex={-1}
              aria-selected={i === index ? "true" : "false"}
              onMouseDown={(event) => {
                event.preventDefault();
                props.onTake(command);
              }}
            >
              <span class="command-name">/{command.name}</span>
              {command.argumentHint && <span class="hint"> {command.argumentHint}</span>}
              <span class="hint"> {command.description}</span>
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
          "aria-activedescendant": shown ? `command-${matches[index]?.name}` : undefined,
        },
        onKeyDown,
      })}
    </div>
  );
}
