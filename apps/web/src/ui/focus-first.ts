import type { RefObject } from "preact";
import { useEffect } from "preact/hooks";

/**
 * Moves keyboard focus into a panel that just opened: to the first element matching `selector`
 * inside `ref`, once `ready` (its rows have loaded). Instead of `autofocus`, which fires only when
 * the element is first inserted and cannot wait for content.
 */
export function useFocusFirst(
  ref: RefObject<HTMLElement>,
  ready: boolean,
  selector = "button, input, textarea",
): void {
  useEffect(() => {
    if (!ready) return;
    ref.current?.querySelector<HTMLElement>(selector)?.focus();
  }, [ref, ready, selector]);
}

/**
 * Keeps a dialog usable from the keyboard while it is open: Escape closes it wherever focus is,
 * and when its rows change under the focus (an action removed the focused row, or the picker was
 * rendered again) focus, left on the page body, returns to the dialog's first control. Focus the
 * person moved elsewhere (into the prompt box, another window) is left where it is.
 */
export function useDialogKeys(
  ref: RefObject<HTMLElement>,
  onClose: () => void,
  rows: unknown,
  selector = "button, input, textarea",
): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && !event.defaultPrevented) onClose();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [onClose]);
  useEffect(() => {
    const active = document.activeElement;
    if (active && active !== document.body) return;
    ref.current?.querySelector<HTMLElement>(selector)?.focus();
  }, [ref, rows, selector]);
}
