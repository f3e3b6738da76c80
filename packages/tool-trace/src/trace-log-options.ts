import type { ToolTraceSettlements } from "./settlements.js";
import type { ShareAllowance } from "./shares.js";
import type {
  ToolImageStore,
  ToolTraceEvent,
  ToolTraceJournal,
  TraceClock,
  TraceIdMinter,
} from "./types.js";

/** What a {@link ToolTraceLog} is built with; everything but the producer and minter is optional. */
export interface ToolTraceLogOptions {
  /** The producer (a code-mode cell, ...): 1 to 128 characters. */
  readonly producerId: string;
  /** The host's id minter; ids are checked and never reused (see `checkedMinter`). */
  readonly mintId: TraceIdMinter;
  /** Defaults to `systemClock`. */
  readonly clock?: TraceClock;
  /** The session's image store; without it no image references are kept. */
  readonly images?: ToolImageStore;
  /** The journal late settlements are written into; without it they show only live. */
  readonly journal?: ToolTraceJournal;
  /** Shares one writer among the logs of a turn (else one is made from `journal`). */
  readonly settlements?: ToolTraceSettlements;
  /** The turn's share allowance; defaults to a fresh one of `MAX_SHARES_PER_TURN`. */
  readonly shares?: ShareAllowance;
  /** Live events, in the order the log changes. Must not throw. */
  readonly onEvent?: (event: ToolTraceEvent) => void;
  /** Best-effort losses worth a log line (an image the store refused, a malformed answer record). */
  readonly onProblem?: (message: string) => void;
}

/** Where one producer's budget stands. */
export interface TraceUsage {
  readonly rows: number;
  readonly bytes: number;
  readonly reservedBytes: number;
  readonly droppedRows: number;
  readonly droppedBytes: number;
}
