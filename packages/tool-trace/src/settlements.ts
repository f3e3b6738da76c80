import type { ToolResult } from "@elowen/plugin-api/tools";
import type { ToolTraceRecord } from "@elowen/plugin-api/trace";
import { errorMessage } from "@elowen/plugin-shared/errors";
import { KeyedQueue } from "@elowen/plugin-shared/queue";
import type { ToolTraceJournal } from "./types.js";

/**
 * `toolTrace` with the record of the same id replaced by `record`, or undefined when there is no
 * such record (or no trace): a settlement replaces in place and never appends.
 */
export function replaceTraceRecord(
  toolTrace: unknown,
  record: ToolTraceRecord,
): readonly ToolTraceRecord[] | undefined {
  if (!Array.isArray(toolTrace)) return undefined;
  const at = toolTrace.findIndex(
    (entry) =>
      typeof entry === "object" && entry !== null && (entry as { id?: unknown }).id === record.id,
  );
  if (at < 0) return undefined;
  const next = [...toolTrace] as ToolTraceRecord[];
  next[at] = record;
  return next;
}

/**
 * The live message's twin of a journal rewrite: `result` with only `details.toolTrace` changed,
 * the record of the same id replaced. Undefined when the result does not hold that record.
 */
export function settleInResult(
  result: ToolResult,
  record: ToolTraceRecord,
): ToolResult | undefined {
  const toolTrace = replaceTraceRecord(result.details?.toolTrace, record);
  return toolTrace === undefined
    ? undefined
    : { ...result, details: { ...result.details, toolTrace } };
}

/** What became of one settlement write (`failed`: the journal threw; reported to `onProblem`). */
export type SettlementOutcome = "written" | "unchanged" | "gone" | "closed" | "failed";

/**
 * Writes late settlements into the stored result they were drained into (the durable
 * half): only `details.toolTrace` of that result changes. A settle that arrives before the
 * reporting result is appended waits for the journal to change and is written then; an entry the
 * journal no longer holds is not rewritten; nothing is ever appended. Writes for one reporting
 * call run one after another, so two settlements in one result never overwrite each other.
 */
export class ToolTraceSettlements {
  readonly #journal: ToolTraceJournal;
  readonly #queue = new KeyedQueue<string>();
  readonly #closers = new Set<() => void>();
  #closed = false;

  readonly #problem: (message: string) => void;

  /** `onProblem` hears of a journal that throws; the write then ends as `failed`. */
  constructor(journal: ToolTraceJournal, onProblem: (message: string) => void = () => {}) {
    this.#journal = journal;
    this.#problem = onProblem;
  }

  /** Replaces `record` inside the stored result of `reportingCallId`; resolves with the outcome. */
  write(reportingCallId: string, record: ToolTraceRecord): Promise<SettlementOutcome> {
    return this.#queue.run(reportingCallId, () => this.#writeOnce(reportingCallId, record));
  }

  /**
   * Stops every wait: a settlement whose reporting result has not reached the journal stays
   * live-only (`closed`). Writes into results the journal already holds still land, now and after
   * closing, so a call that settles once its turn ended (a cell stopped with the turn) does not
   * stay pending in history.
   */
  close(): void {
    this.#closed = true;
    for (const close of [...this.#closers]) close();
  }

  async #writeOnce(callId: string, record: ToolTraceRecord): Promise<SettlementOutcome> {
    let changed = false;
    let wake: (() => void) | undefined;
    // Subscribe before the first attempt, so an append between the attempt and the wait is seen.
    const stop = this.#journal.subscribe(() => {
      changed = true;
      wake?.();
    });
    const closer = () => wake?.();
    this.#closers.add(closer);
    try {
      for (;;) {
        changed = false;
        let outcome: Awaited<ReturnType<ToolTraceJournal["rewriteToolTrace"]>>;
        try {
          outcome = await this.#journal.rewriteToolTrace(callId, (trace) =>
            replaceTraceRecord(trace, record),
          );
        } catch (error) {
          this.#problem(`settling ${record.id} in ${callId} failed: ${errorMessage(error)}`);
          return "failed";
        }
        if (outcome !== "not-appended") return outcome;
        // Closed: a result the journal already holds was written above; none is waited for.
        if (this.#closed) return "closed";
        if (!changed)
          await new Promise<void>((resolve) => {
            wake = resolve;
          });
        wake = undefined;
      }
    } finally {
      stop();
      this.#closers.delete(closer);
    }
  }
}
