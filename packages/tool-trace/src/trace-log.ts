import { errorResult, type ToolResult } from "@elowen/plugin-api/tools";
import type { CodeModeTraceSink, ImageRef, ToolTraceRecord } from "@elowen/plugin-api/trace";
import { errorMessage } from "@elowen/plugin-shared/errors";
import { questionAnswerOf } from "@elowen/question-answer";
import { TraceBudget } from "./budget.js";
import { ToolTraceError } from "./errors.js";
import { checkedMinter } from "./ids.js";
import { ImageSequence } from "./image-sequence.js";
import { externalizeImages, hasImages } from "./images.js";
import { TRACE_NOTE_MAX_CHARS, TRACE_OUTPUT_MAX_CHARS } from "./limits.js";
import {
  capTail,
  type FittedRecord,
  fitRecord,
  minimalBytes,
  OMISSION_MARKER_BYTES,
  type RecordParts,
} from "./record-fit.js";
import { openedParts, type SettleInput, settledParts } from "./record-parts.js";
import { resultProblem } from "./result-shape.js";
import { outputOf, type Row } from "./row.js";
import { ToolTraceSettlements } from "./settlements.js";
import { reserveShare, type ShareReservationResult, settleDelivery } from "./share-reservation.js";
import { ShareAllowance } from "./shares.js";
import type { ToolTraceLogOptions, TraceUsage } from "./trace-log-options.js";
import { TruncationNote } from "./truncation-note.js";
import { systemClock, type ToolImageStore, type ToolTraceEvent, type TraceClock } from "./types.js";

/**
 * One producer's trace for a turn (`CodeModeTraceSink`). `call` opens a
 * row under a host-minted id, runs the call with that id as its call id, settles the row and keeps
 * its durable twin; `note` adds a progress line; `drain` hands each record out exactly once, for
 * `details.toolTrace` of the reporting call's result. A call still running when drained is
 * reported `pending: true`; when it settles the record is replaced in place, live and, with a
 * journal, in the stored result it was drained into. Budgets, images, timing and share
 * reservations are enforced here; see the package README for each rule.
 */
export class ToolTraceLog {
  readonly producerId: string;
  readonly #mint: () => string;
  readonly #clock: TraceClock;
  readonly #images: ToolImageStore | undefined;
  readonly #settlements: ToolTraceSettlements | undefined;
  // The writer this log made from `journal`; a shared `settlements` belongs to whoever passed it.
  readonly #ownWriter: ToolTraceSettlements | undefined;
  readonly #shares: ShareAllowance;
  readonly #emit: (event: ToolTraceEvent) => void;
  readonly #problem: (message: string) => void;
  readonly #budget = new TraceBudget();
  readonly #rows = new Map<string, Row>();
  readonly #unreported: Row[] = [];
  readonly #admitted: Row[] = [];
  readonly #drainedInto = new Set<string>();
  readonly #truncation: TruncationNote;
  readonly #imageSequence = new ImageSequence();

  constructor(options: ToolTraceLogOptions) {
    const { producerId } = options;
    if (typeof producerId !== "string" || producerId.length === 0 || producerId.length > 128)
      throw new ToolTraceError(
        "invalid-id",
        `producerId must be 1 to 128 characters, received ${JSON.stringify(producerId)}`,
      );
    this.producerId = producerId;
    this.#mint = checkedMinter(options.mintId);
    this.#clock = options.clock ?? systemClock;
    this.#images = options.images;
    this.#ownWriter =
      options.settlements === undefined && options.journal
        ? new ToolTraceSettlements(options.journal, options.onProblem)
        : undefined;
    this.#settlements = options.settlements ?? this.#ownWriter;
    this.#shares = options.shares ?? new ShareAllowance();
    const problem = options.onProblem ?? (() => {});
    const listener = options.onEvent;
    this.#problem = problem;
    // A listener that throws must not leave the log half-changed: the change is already recorded.
    this.#emit = (event) => {
      try {
        listener?.(event);
      } catch (error) {
        problem(`trace event listener threw: ${errorMessage(error)}`);
      }
    };
    this.#truncation = new TruncationNote(producerId, this.#budget);
  }

  /** The sink handed to the producer: `call`, `note` and `drain` of this log. */
  readonly sink: CodeModeTraceSink = {
    call: (name, args, execute) => this.call(name, args, execute),
    note: (text) => this.note(text),
    drain: (reportingCallId) => this.drain(reportingCallId),
  };

  /**
   * Opens a row, runs `execute(rowId)`, settles the row and returns the result unchanged (unless it
   * claims a share delivery the trace could not record, or is not a `ToolResult` at all: either
   * becomes an error result saying why). A throw settles the row as an error and is rethrown. Images in the result are externalized before the
   * row settles, in completion order, so the latest-image lookup sees them as soon as this resolves.
   */
  async call(
    name: string,
    args: unknown,
    execute: (rowId: string) => Promise<ToolResult>,
  ): Promise<ToolResult> {
    const row = this.#open(name, args);
    let result: ToolResult;
    try {
      result = await execute(row.id);
    } catch (error) {
      const message = errorMessage(error);
      this.#settle(row, { result: errorResult(message), ...this.#completion(row), images: [] });
      throw error;
    }
    const completion = this.#completion(row);
    const malformed = resultProblem(result);
    if (malformed !== undefined) {
      // Settled all the same, as an error: a row never stays running because its tool misbehaved.
      const error = errorResult(`${name} returned a malformed result: ${malformed}`);
      return this.#settle(row, { result: error, ...completion, images: [] });
    }
    if (!hasImages(result) || this.#images === undefined)
      return this.#settle(row, { result, ...completion, images: [] });
    return this.#imageSequence.enqueue(async () => {
      const images = await externalizeImages(result, this.#images, this.#problem);
      return this.#settle(row, { result, ...completion, images });
    });
  }

  // A row is admitted when a row slot and the bytes of its minimal form are free (reservations
  // count as spent), and published; otherwise it runs as an unpublished shadow that only an answer
  // record can admit when it settles. `startedAt` is stamped here, once.
  #open(name: string, args: unknown): Row {
    if (typeof name !== "string" || name.length === 0 || name.length > 128)
      throw new ToolTraceError(
        "invalid-name",
        `a row's tool name must be 1 to 128 characters, received ${JSON.stringify(name)}`,
      );
    const id = this.#mint();
    const parts = openedParts(id, this.producerId, name, args, Math.floor(this.#clock.now()));
    const row: Row = {
      id,
      parts,
      record: undefined,
      bytes: 0,
      floor: 0,
      settled: false,
      reportedIn: undefined,
      startedMono: this.#clock.monotonic(),
      share: undefined,
    };
    this.#rows.set(id, row);
    const minimal = minimalBytes(parts) + OMISSION_MARKER_BYTES;
    if (!this.#budget.admits(minimal)) return row;
    this.#budget.rows++;
    this.#budget.bytes += minimal;
    row.bytes = minimal;
    row.floor = minimal;
    this.#store(row, fitRecord(parts, minimal + this.#budget.displayRoom()));
    this.#unreported.push(row);
    this.#admitted.push(row);
    this.#emit({ type: "row-opened", record: row.record as ToolTraceRecord });
    return row;
  }

  /** Streams a running row's partial result: its output tail, kept as far as the budget allows. */
  update(rowId: string, partial: ToolResult): void {
    const row = this.#row(rowId);
    if (row.settled || row.record === undefined) return;
    const capped = capTail(outputOf(partial), TRACE_OUTPUT_MAX_CHARS);
    row.parts = { ...row.parts, output: capped.text, omittedBytes: capped.omitted };
    const before = row.record;
    this.#store(row, fitRecord(row.parts, row.bytes + this.#budget.displayRoom()));
    if (JSON.stringify(before) !== JSON.stringify(row.record))
      this.#emit({ type: "row-updated", record: row.record });
  }

  /** Adds a progress note (at most `TRACE_NOTE_MAX_CHARS` characters), if the budget admits it. */
  note(text: string): void {
    const full = String(text);
    const cut =
      full.length > TRACE_NOTE_MAX_CHARS ? `${full.slice(0, TRACE_NOTE_MAX_CHARS)}…` : full;
    const id = this.#mint();
    const parts: RecordParts = { id, producerId: this.producerId, kind: "note", text: cut };
    const fitted = fitRecord(parts, Number.POSITIVE_INFINITY);
    if (!this.#budget.admits(fitted.bytes)) {
      this.#dropped(fitted.bytes);
      return;
    }
    this.#budget.rows++;
    const row: Row = {
      id,
      parts,
      record: undefined,
      bytes: 0,
      floor: 0,
      settled: true,
      reportedIn: undefined,
      startedMono: 0,
      share: undefined,
    };
    this.#rows.set(id, row);
    this.#store(row, fitted);
    this.#unreported.push(row);
    this.#admitted.push(row);
    this.#emit({ type: "note", record: fitted.record });
  }

  /**
   * The records not yet reported, in the order they were admitted, for `details.toolTrace` of the
   * result of `reportingCallId`. Each record is handed out once; a running one is `pending: true`
   * and is later settled in place there. A call id that already received records is refused.
   */
  drain(reportingCallId: string): ToolTraceRecord[] {
    if (typeof reportingCallId !== "string" || reportingCallId.length === 0)
      throw new ToolTraceError("invalid-reporting-call", "drain needs the reporting call's id");
    if (this.#unreported.length === 0 && !this.#truncation.unreported) return [];
    if (this.#drainedInto.has(reportingCallId))
      throw new ToolTraceError(
        "drain-repeated",
        `records were already drained into "${reportingCallId}"; each result reports once`,
      );
    this.#drainedInto.add(reportingCallId);
    const rows = this.#unreported.splice(0);
    const note = this.#truncation.take(reportingCallId);
    const out: ToolTraceRecord[] = [];
    for (const row of rows) {
      row.reportedIn = reportingCallId;
      out.push(row.record as ToolTraceRecord);
    }
    if (note !== undefined) out.push(note);
    return out;
  }
  /**
   * Reserves a share delivery on the running row `rowId` (see `reserveShare`): the share tool calls
   * this, with the details it will return, after reading the bytes and before taking ownership.
   */
  reserveShare(rowId: string, details: unknown): ShareReservationResult {
    return reserveShare(this.#rows.get(rowId), details, this.#budget, this.#shares);
  }

  /** The newest retained image reference of this producer (completion order), if any. */
  latestImage(): ImageRef | undefined {
    return this.#imageSequence.latest;
  }

  /**
   * Orders images the wrapper itself returns after every nested image that completed before:
   * waits for pending externalizations, then takes the next `imageOrder` and the completion time.
   * Undefined (and no order spent) when `images` is empty.
   */
  async stampWrapperImages(
    images: readonly ImageRef[],
  ): Promise<{ readonly imageOrder: number; readonly imageTimestamp: number } | undefined> {
    await this.#imageSequence.idle();
    if (images.length === 0) return undefined;
    const imageOrder = this.#imageSequence.retain(images);
    return { imageOrder, imageTimestamp: Math.floor(this.#clock.now()) };
  }

  /** Every recorded entry, in admission order, the truncation note last: the scoped record log. */
  records(): ToolTraceRecord[] {
    const out = this.#admitted.map((row) => row.record as ToolTraceRecord);
    const note = this.#truncation.record;
    return note === undefined ? out : [...out, note];
  }

  /** Where the budget stands. */
  usage(): TraceUsage {
    const b = this.#budget;
    return {
      rows: b.rows,
      bytes: b.bytes,
      reservedBytes: b.reserved,
      droppedRows: b.droppedRows,
      droppedBytes: b.droppedBytes,
    };
  }

  /**
   * Stops the waits of the journal writer this log made from `options.journal`: a late settle
   * whose reporting result never reached the journal shows only live; one whose result the journal
   * holds is still written. A writer passed in as `options.settlements` (a turn's, shared by its
   * logs) is left alone: its owner closes it.
   */
  close(): void {
    this.#ownWriter?.close();
  }

  #row(rowId: string): Row {
    const row = this.#rows.get(rowId);
    if (row === undefined)
      throw new ToolTraceError("unknown-row", `no row "${rowId}" in producer "${this.producerId}"`);
    return row;
  }

  #completion(row: Row) {
    const durationMs = Math.max(0, this.#clock.monotonic() - row.startedMono);
    return {
      completedAt: Math.floor(this.#clock.now()),
      durationMs: Math.round(durationMs * 100) / 100,
    };
  }

  #store(row: Row, fitted: FittedRecord): void {
    const bytes = row.settled ? fitted.bytes : Math.max(row.floor, fitted.bytes);
    this.#budget.bytes += bytes - row.bytes;
    row.bytes = bytes;
    row.record = Object.freeze(fitted.record);
  }

  #dropped(bytes: number): void {
    this.#budget.drop(bytes);
    const { record, reportedIn } = this.#truncation.update(this.#mint);
    this.#emit(
      reportedIn === undefined ? { type: "note", record } : { type: "note", record, reportedIn },
    );
    if (reportedIn !== undefined) void this.#settlements?.write(reportedIn, record);
  }

  #settle(row: Row, input: SettleInput): ToolResult {
    const { result } = input;
    if (row.settled) return result;
    row.settled = true;
    const answers = questionAnswerOf(result.details);
    if (answers.status === "invalid")
      this.#problem(`row ${row.id}: answer record dropped: ${answers.reason}`);
    const delivery = settleDelivery(row, result, this.#budget, this.#shares);
    row.parts = settledParts(row.parts, input, {
      ...(answers.status === "valid" ? { questionAnswer: answers.record } : {}),
      ...(delivery.delivery === undefined ? {} : { delivery: delivery.delivery }),
      ...(delivery.error === undefined ? {} : { error: delivery.error }),
      imageOrder: this.#imageSequence.next,
    });
    const returned = delivery.error === undefined ? result : errorResult(delivery.error);
    if (row.record === undefined) {
      // A shadow: only an answer record, whose slot is mandatory, brings it into the trace.
      if (answers.status !== "valid") {
        this.#dropped(minimalBytes(row.parts));
        return returned;
      }
      this.#budget.rows++;
      this.#unreported.push(row);
      this.#admitted.push(row);
    }
    const fitted = fitRecord(row.parts, row.bytes + delivery.bytes + this.#budget.displayRoom());
    delivery.commit();
    this.#store(row, fitted);
    if (fitted.keptImages) this.#imageSequence.retain(input.images);
    const record = row.record as ToolTraceRecord;
    const reportedIn = row.reportedIn;
    this.#emit(
      reportedIn === undefined
        ? { type: "row-settled", record }
        : { type: "row-settled", record, reportedIn },
    );
    if (reportedIn !== undefined) void this.#settlements?.write(reportedIn, record);
    return returned;
  }
}
