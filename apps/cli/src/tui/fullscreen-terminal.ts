import type { Terminal } from "@mariozechner/pi-tui";
import { ENTER_SCREEN as ENTER, LEAVE_SCREEN as LEAVE } from "./first-frame.js";

/** Button events in SGR encoding: the wheel arrives as button 64/65. */
const MOUSE_ON = "\x1b[?1000h\x1b[?1006h";
const MOUSE_OFF = "\x1b[?1006l\x1b[?1000l";

/**
 * A pi-tui Terminal drawn full screen: the alternate screen while the chat runs (the shell's
 * screen comes back on exit) and mouse wheel reports for scrolling. Everything else is the
 * wrapped terminal's.
 */
export class FullscreenTerminal implements Terminal {
  readonly #inner: Terminal;
  readonly #mouse: boolean;

  constructor(inner: Terminal, options: { readonly mouse?: boolean } = {}) {
    this.#inner = inner;
    this.#mouse = options.mouse ?? true;
  }

  start(onInput: (data: string) => void, onResize: () => void): void {
    this.#inner.start(onInput, onResize);
    this.#inner.write(`${ENTER}${this.#mouse ? MOUSE_ON : ""}`);
  }

  stop(): void {
    this.#inner.write(`${this.#mouse ? MOUSE_OFF : ""}${LEAVE}`);
    this.#inner.stop();
  }

  drainInput(maxMs?: number, idleMs?: number): Promise<void> {
    return this.#inner.drainInput(maxMs, idleMs);
  }
  write(data: string): void {
    this.#inner.write(data);
  }
  get columns(): number {
    return this.#inner.columns;
  }
  get rows(): number {
    return this.#inner.rows;
  }
  get kittyProtocolActive(): boolean {
    return this.#inner.kittyProtocolActive;
  }
  moveBy(lines: number): void {
    this.#inner.moveBy(lines);
  }
  hideCursor(): void {
    this.#inner.hideCursor();
  }
  showCursor(): void {
    this.#inner.showCursor();
  }
  clearLine(): void {
    this.#inner.clearLine();
  }
  clearFromCursor(): void {
    this.#inner.clearFromCursor();
  }
  clearScreen(): void {
    this.#inner.clearScreen();
  }
  setTitle(title: string): void {
    this.#inner.setTitle(title);
  }
  setProgress(active: boolean): void {
    this.#inner.setProgress(active);
  }
}
