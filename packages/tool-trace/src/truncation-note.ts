import { MAX_TRACE_BYTES, MAX_TRACE_RECORDS } from "@elowen/plugin-api/limits";
import type { ToolTraceRecord } from "@elowen/plugin-api/trace";
import type { TraceBudget } from "./budget.js";

/**
 * The producer's one truncation note: created at the first row left out, its counts updated with
 * every later one (in place, like a late settle, once it was reported). It is the single entry
 * allowed past the caps, so that truncation is always stated, never silent.
 */
export class TruncationNote {
  readonly #producerId: string;
  readonly #budget: TraceBudget;
  #id: string | undefined;
  #record: ToolTraceRecord | undefined;
  #reported = false;
  #reportedIn: string | undefined;

  constructor(producerId: string, budget: TraceBudget) {
    this.#producerId = producerId;
    this.#budget = budget;
  }

  /** Rebuilds the note from the budget's counts; mints its id the first time. */
  update(mint: () => string): { record: ToolTraceRecord; reportedIn: string | undefined } {
    this.#id ??= mint();
    const { droppedRows: records, droppedBytes: bytes } = this.#budget;
    this.#record = Object.freeze({
      id: this.#id,
      producerId: this.#producerId,
      kind: "note",
      text: `Trace truncated: ${records} ${records === 1 ? "row" : "rows"} (${bytes} bytes) left out. A producer keeps at most ${MAX_TRACE_RECORDS} records and ${MAX_TRACE_BYTES / 1024} KiB.`,
      truncated: { records, bytes },
    } as const);
    return { record: this.#record, reportedIn: this.#reportedIn };
  }

  /** Whether the note exists and has not been drained yet. */
  get unreported(): boolean {
    return this.#record !== undefined && !this.#reported;
  }

  /** Hands the note out once, for the result of `callId`. */
  take(callId: string): ToolTraceRecord | undefined {
    if (!this.unreported) return undefined;
    this.#reported = true;
    this.#reportedIn = callId;
    return this.#record;
  }

  /** The note as it stands, if any. */
  get record(): ToolTraceRecord | undefined {
    return this.#record;
  }
}
