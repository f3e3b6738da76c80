import type { Terminal } from "@mariozechner/pi-tui";
import xterm from "@xterm/headless";

/**
 * pi-tui's `Terminal` backed by a headless xterm, as pi-tui's own tests do: every byte the TUI
 * writes is interpreted by a real terminal emulator, so a test reads the screen a person would
 * see (`viewport()`), sends keys (`send`) and resizes it (`resize`).
 */
export class VirtualTerminal implements Terminal {
  readonly xterm: InstanceType<typeof xterm.Terminal>;
  #onInput: ((data: string) => void) | undefined;
  #onResize: (() => void) | undefined;
  /** The last title the TUI set. */
  title = "";

  constructor(columns = 100, rows = 30) {
    this.xterm = new xterm.Terminal({
      cols: columns,
      rows,
      allowProposedApi: true,
      convertEol: true,
      scrollback: 1000,
    });
  }

  start(onInput: (data: string) => void, onResize: () => void): void {
    this.#onInput = onInput;
    this.#onResize = onResize;
  }
  stop(): void {
    this.#onInput = undefined;
    this.#onResize = undefined;
  }
  async drainInput(): Promise<void> {}
  write(data: string): void {
    this.xterm.write(data);
  }
  get columns(): number {
    return this.xterm.cols;
  }
  get rows(): number {
    return this.xterm.rows;
  }
  get kittyProtocolActive(): boolean {
    return false;
  }
  moveBy(lines: number): void {
    if (lines > 0) this.xterm.write(`\x1b[${lines}B`);
    else if (lines < 0) this.xterm.write(`\x1b[${-lines}A`);
  }
  hideCursor(): void {
    this.xterm.write("\x1b[?25l");
  }
  showCursor(): void {
    this.xterm.write("\x1b[?25h");
  }
  clearLine(): void {
    this.xterm.write("\x1b[K");
  }
  clearFromCursor(): void {
    this.xterm.write("\x1b[J");
  }
  clearScreen(): void {
    this.xterm.write("\x1b[2J\x1b[H");
  }
  setTitle(title: string): void {
    this.title = title;
  }
  setProgress(): void {}

  /** Types `data` as keys. */
  send(data: string): void {
    this.#onInput?.(data);
  }

  /** Resizes the emulator and tells the TUI. */
  resize(columns: number, rows: number): void {
    this.xterm.resize(columns, rows);
    this.#onResize?.();
  }

  /** Resolves once the emulator has taken every byte written so far. */
  flush(): Promise<void> {
    return new Promise((resolve) => this.xterm.write("", resolve));
  }

  /** The visible screen, one string per row, trailing spaces removed. */
  viewport(): string[] {
    const buffer = this.xterm.buffer.active;
    const lines: string[] = [];
    for (let i = 0; i < this.xterm.rows; i += 1)
      lines.push(buffer.getLine(buffer.viewportY + i)?.translateToString(true) ?? "");
    return lines;
  }

  /** The visible screen as one text. */
  screen(): string {
    return this.viewport().join("\n");
  }

  /** The style of one cell of the visible screen (0-based row and column). */
  cell(
    row: number,
    column: number,
  ): {
    char: string;
    bold: boolean;
    dim: boolean;
    italic: boolean;
    underline: boolean;
    inverse: boolean;
    fg: number | undefined;
  } {
    const buffer = this.xterm.buffer.active;
    const cell = buffer.getLine(buffer.viewportY + row)?.getCell(column);
    return {
      char: cell?.getChars() ?? "",
      bold: (cell?.isBold() ?? 0) !== 0,
      dim: (cell?.isDim() ?? 0) !== 0,
      italic: (cell?.isItalic() ?? 0) !== 0,
      underline: (cell?.isUnderline() ?? 0) !== 0,
      inverse: (cell?.isInverse() ?? 0) !== 0,
      fg: cell && !cell.isFgDefault() ? cell.getFgColor() : undefined,
    };
  }

  /** Whether the emulator shows the alternate screen. */
  get alternate(): boolean {
    return this.xterm.buffer.active.type === "alternate";
  }
}
