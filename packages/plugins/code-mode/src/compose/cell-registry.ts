import { randomUUID } from "node:crypto";
import type { CodeModeCompositionRequest, NestedTool } from "@elowen/plugin-api/trace";
import { Cell } from "../cell/cell.js";
import { CodeModeError } from "../code-mode-error.js";
import type { ResolvedCodeModeOptions } from "../options.js";
import type { SandboxPool } from "../sandbox/sandbox-pool.js";

/** A wait that names no cell, or one it cannot return to: the reason, for the model. */
export class CellLookupError extends CodeModeError {
  override readonly name = "CellLookupError";

  constructor(message: string) {
    super("code_mode.no_such_cell", message);
  }
}

/**
 * The cells of one composition (one turn): ids "1", "2", … in start order, each with a trace sink
 * of its own producer id, so that a report drains only its own cell's records. All cells stop
 * when the turn's signal aborts.
 */
export class CellRegistry {
  private readonly cells = new Map<string, Cell>();
  private readonly producerPrefix = `code-mode/${randomUUID().slice(0, 8)}`;
  private next = 1;

  constructor(
    private readonly request: CodeModeCompositionRequest,
    private readonly tools: ReadonlyMap<string, NestedTool>,
    private readonly options: ResolvedCodeModeOptions,
    private readonly pool: () => SandboxPool,
    private readonly now: () => number,
  ) {
    request.signal.addEventListener("abort", () => this.stopAll("the turn was aborted"), {
      once: true,
    });
  }

  /** Starts a cell for `script`. Rejects when the turn was aborted or no worker is free. */
  async launch(script: string): Promise<Cell> {
    if (this.request.signal.aborted) {
      throw new CodeModeError("code_mode.turn_aborted", "the turn was aborted");
    }
    const id = String(this.next++);
    const cell = await Cell.launch({
      id,
      script,
      tools: this.tools,
      sink: this.request.trace(`${this.producerPrefix}/cell-${id}`),
      options: this.options,
      pool: this.pool(),
      now: this.now,
    });
    this.cells.set(id, cell);
    if (this.request.signal.aborted) cell.stop("the turn was aborted");
    return cell;
  }

  /**
   * The cell a wait returns to: the one named, or the latest whose end has not been reported.
   * Throws {@link CellLookupError} naming what exists when there is none to return to.
   */
  pick(cellId: string | undefined): Cell {
    if (cellId === undefined) {
      const open = [...this.cells.values()].filter((cell) => !cell.endReported);
      const latest = open.at(-1);
      if (!latest) throw new CellLookupError("no cell is running in this turn; exec starts one");
      return latest;
    }
    const cell = this.cells.get(cellId);
    if (!cell) {
      const known = [...this.cells.keys()].map((id) => `"${id}"`).join(", ") || "none";
      throw new CellLookupError(`there is no cell "${cellId}" in this turn (cells: ${known})`);
    }
    if (cell.endReported) {
      throw new CellLookupError(
        `cell "${cellId}" already finished, and an earlier result reported how it ended`,
      );
    }
    return cell;
  }

  /** Stops every running cell. */
  stopAll(reason: string): void {
    for (const cell of this.cells.values()) cell.stop(reason);
  }
}
