import { type Component, matchesKey, truncateToWidth } from "@mariozechner/pi-tui";
import { bold, dim } from "../tui/style.js";

const ESC = "\u001b";

/**
 * Asks for a secret (a provider's API key) in place of the prompt box, without echo: what is
 * typed or pasted is held here and drawn as a count of characters, never as text. Enter hands it
 * to `onSubmit`, Escape closes; the typed text is dropped when the dialog closes.
 */
export class SecretDialog implements Component {
  focused = false;
  /** Receives the secret on Enter (never called with an empty one). */
  onSubmit?: (secret: string) => void;
  /** Closes the dialog. */
  onClose?: () => void;
  #secret = "";

  constructor(readonly title: string) {}

  invalidate(): void {}

  render(width: number): string[] {
    const typed =
      this.#secret.length === 0 ? dim("(nothing typed)") : `${this.#secret.length} characters`;
    return [
      truncateToWidth(bold(this.title), width, "…"),
      truncateToWidth(`  ${typed}`, width, "…"),
      dim(truncateToWidth("type or paste (not shown) · enter store · esc cancel", width, "…")),
    ];
  }

  handleInput(data: string): void {
    if (matchesKey(data, "escape")) {
      this.#secret = "";
      this.onClose?.();
    } else if (matchesKey(data, "enter") || data === "\r") {
      const secret = this.#secret.trim();
      if (secret === "") return;
      this.#secret = "";
      this.onSubmit?.(secret);
    } else if (matchesKey(data, "backspace")) this.#secret = this.#secret.slice(0, -1);
    else {
      // A bracketed paste arrives wrapped in its markers; control characters are not part of a key.
      const text = data.replaceAll(`${ESC}[200~`, "").replaceAll(`${ESC}[201~`, "");
      this.#secret += [...text].filter((c) => c.charCodeAt(0) > 0x1f && c !== "\u007f").join("");
    }
  }
}
