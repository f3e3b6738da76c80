import type { ToolResult } from "@elowen/plugin-api/tools";
import type { CodeModeTraceSink, ImageRef } from "@elowen/plugin-api/trace";
import { checkedMinter } from "./ids.js";
import { ToolTraceSettlements } from "./settlements.js";
import type { ShareReservationResult } from "./share-reservation.js";
import { ShareAllowance } from "./shares.js";
import { ToolTraceLog } from "./trace-log.js";
import type {
  ToolImageStore,
  ToolTraceEvent,
  ToolTraceJournal,
  TraceClock,
  TraceIdMinter,
} from "./types.js";

/** What one turn's traces are built with (the host's seams). */
export interface ToolTraceTurnOptions {
  readonly mintId: TraceIdMinter;
  readonly clock?: TraceClock;
  readonly images?: ToolImageStore;
  readonly journal?: ToolTraceJournal;
  readonly onEvent?: (event: ToolTraceEvent) => void;
  readonly onProblem?: (message: string) => void;
  /** Defaults to `MAX_SHARES_PER_TURN`. */
  readonly maxShares?: number;
}

/**
 * A turn's traces: one {@link ToolTraceLog} per producer id, sharing the turn's id registry (an id
 * is never minted twice in a turn), its share allowance (the original turn token nested scopes
 * keep), its journal writer and its event stream. `trace(producerId)` is what the host puts on the
 * code-mode composition request; the same id returns the same sink for the whole turn.
 */
export class ToolTraceTurn {
  readonly shares: ShareAllowance;
  readonly #options: ToolTraceTurnOptions;
  readonly #settlements: ToolTraceSettlements | undefined;
  readonly #logs = new Map<string, ToolTraceLog>();
  readonly #owners = new Map<string, ToolTraceLog>();
  readonly #seen = new Set<string>();

  constructor(options: ToolTraceTurnOptions) {
    this.#options = options;
    this.shares = new ShareAllowance(options.maxShares);
    this.#settlements = options.journal
      ? new ToolTraceSettlements(options.journal, options.onProblem)
      : undefined;
  }

  /** The sink of `producerId`: `call`, `note`, `drain`. */
  trace(producerId: string): CodeModeTraceSink {
    return this.log(producerId).sink;
  }

  /** The log of `producerId`, made on first use. */
  log(producerId: string): ToolTraceLog {
    const existing = this.#logs.get(producerId);
    if (existing) return existing;
    const mint = checkedMinter(this.#options.mintId, this.#seen);
    let log: ToolTraceLog | undefined;
    const { mintId: _mint, journal: _journal, maxShares: _max, ...rest } = this.#options;
    log = new ToolTraceLog({
      ...rest,
      producerId,
      shares: this.shares,
      ...(this.#settlements ? { settlements: this.#settlements } : {}),
      mintId: () => {
        const id = mint();
        if (log) this.#owners.set(id, log);
        return id;
      },
    });
    this.#logs.set(producerId, log);
    return log;
  }

  /**
   * The host's nested-share callback: reserves a delivery on the row `rowId` (the call id the
   * share tool received), whichever producer opened it. Unknown ids are refused as not admitted.
   */
  reserveShare(rowId: string, details: unknown): ShareReservationResult {
    const log = this.#owners.get(rowId);
    if (log === undefined)
      return {
        ok: false,
        code: "row-not-admitted",
        message: "a share needs an admitted trace row; this call has none",
      };
    return log.reserveShare(rowId, details);
  }

  /** Routes a nested tool's partial result to its row; false when `rowId` is not a trace row. */
  update(rowId: string, partial: ToolResult): boolean {
    const log = this.#owners.get(rowId);
    if (log === undefined) return false;
    log.update(rowId, partial);
    return true;
  }

  /** The newest retained image of `producerId`'s log, if any. */
  latestImage(producerId: string): ImageRef | undefined {
    return this.#logs.get(producerId)?.latestImage();
  }

  /**
   * Stops waiting journal writes (the turn settled): a late settle whose reporting result never
   * reached the journal shows only live; one whose result the journal holds (a nested call
   * stopped with the turn) is still written in place, so history does not keep it pending.
   */
  close(): void {
    this.#settlements?.close();
  }
}
