import type { ClientKeyEvent } from "@elowen/plugin-api/prompt-box";
import { useLayoutEffect, useRef, useState } from "preact/hooks";
import type { PromptBoxModel } from "../model/prompt-box.js";
import type { CommandMenuProps } from "./command-menu.js";
import { PromptPaint } from "./prompt-paint.js";

/** Keys that move the caret without writing: a bare caret move is an edit too. */
const MOVES = new Set(["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"]);

/** A browser key in the client onKey shape `prompt.edit` carries. */
export function clientKey(event: KeyboardEvent): ClientKeyEvent {
  const printable = event.key.length === 1;
  return {
    name: printable ? event.key.toLowerCase() : event.key.toLowerCase().replace(/^arrow/, ""),
    ...(printable ? { sequence: event.key } : {}),
    ...(event.ctrlKey ? { ctrl: true } : {}),
    ...(event.altKey || event.metaKey ? { meta: true } : {}),
    ...(event.shiftKey ? { shift: true } : {}),
  };
}

/**
 * The prompt box's text area over its `PromptBoxModel`: what the person types goes to the model
 * (raised as `prompt.edit` when hooked, with the key that made it; a paste carries none), the
 * model's box is what it shows, its decorations are painted over the text, and a plugin's
 * suggestion shows dim in the empty box, taken with Tab or Right.
 */
export function PromptField(props: {
  readonly box: PromptBoxModel;
  readonly menu: CommandMenuProps;
  readonly invalid: boolean;
  readonly describedBy: string | undefined;
  readonly onEnter: () => void;
}) {
  const { box, menu } = props;
  const ref = useRef<HTMLTextAreaElement>(null);
  const lastKey = useRef<ClientKeyEvent>();
  const [scrollTop, setScrollTop] = useState(0);
  const shown = box.box;
  const decorations = box.decorations;
  const painted = decorations.length > 0 && shown.text !== "";

  // The box changed by another hand (an answer, a fill, a completion): the caret goes where it says.
  useLayoutEffect(() => {
    const el = ref.current;
    if (el && el.value === shown.text && document.activeElement === el)
      el.setSelectionRange(shown.cursor, shown.cursor);
  }, [box.revision]);

  const caretMoved = (key?: ClientKeyEvent) => {
    const el = ref.current;
    if (!el || el.selectionStart !== el.selectionEnd || el.value !== box.box.text) return;
    box.input({ text: el.value, cursor: el.selectionStart }, key);
  };

  return (
    <div class={painted ? "prompt-field painted" : "prompt-field"}>
      <textarea
        id="prompt"
        ref={ref}
        rows={3}
        value={shown.text}
        placeholder={box.suggestion ?? "Message Elowen (/ for commands)"}
        aria-invalid={props.invalid ? "true" : "false"}
        aria-describedby={props.describedBy}
        // Which chains this box raises, for whoever inspects the page.
        data-hooked={[...box.hooked].join(" ")}
        {...menu.attributes}
        onInput={(e) => {
          const el = e.currentTarget;
          const typed = /^(insertText|deleteContent)/.test((e as InputEvent).inputType ?? "");
          box.input(
            { text: el.value, cursor: el.selectionStart ?? el.value.length },
            typed ? lastKey.current : undefined,
          );
          lastKey.current = undefined;
        }}
        onKeyDown={(e) => {
          if (menu.onKeyDown(e)) return;
          const empty = e.currentTarget.value === "";
          if (empty && (e.key === "Tab" || e.key === "ArrowRight") && box.takeSuggestion()) {
            e.preventDefault();
            return;
          }
          if (e.key === "Enter" && !e.shiftKey && !e.isComposing) {
            e.preventDefault();
            props.onEnter();
            return;
          }
          lastKey.current = clientKey(e);
        }}
        onKeyUp={(e) => {
          if (MOVES.has(e.key)) caretMoved(clientKey(e));
        }}
        onClick={() => caretMoved()}
        onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
      />
      {painted && <PromptPaint text={shown.text} decorations={decorations} scrollTop={scrollTop} />}
    </div>
  );
}
