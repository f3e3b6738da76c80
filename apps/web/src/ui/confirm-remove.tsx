import type { ComponentChildren } from "preact";
import { useRef } from "preact/hooks";
import { useFocusFirst } from "./focus-first.js";

/**
 * The confirmation a removal asks for before it goes through: the question (`children`), a danger
 * button "Remove {name}" (disabled while `busy`) and "Keep it". Keyboard focus moves to its first
 * button when it opens.
 */
export function ConfirmRemove(props: {
  readonly name: string;
  readonly busy: boolean;
  readonly onRemove: () => void;
  readonly onKeep: () => void;
  readonly children: ComponentChildren;
}) {
  const confirm = useRef<HTMLDivElement>(null);
  useFocusFirst(confirm, true, "button");
  return (
    <div class="confirm" ref={confirm}>
      <p>{props.children}</p>
      <button type="button" class="danger" disabled={props.busy} onClick={props.onRemove}>
        Remove {props.name}
      </button>
      <button type="button" class="quiet" onClick={props.onKeep}>
        Keep it
      </button>
    </div>
  );
}
