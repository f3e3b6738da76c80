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
