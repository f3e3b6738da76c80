import type { ToolTraceRecord } from "@elowen/plugin-api/trace";
import { LiveToolRows, type ToolRow } from "@elowen/tool-trace";
import type { ToolResultEntryData } from "@elowen/wire";

/** A direct call's start as a turn knows it: from history's toolCall block or a live event. */
interface CallStart {
  readonly name: string;
  readonly args: unknown;
  readonly startedAt?: number;
}

/** A turn's rows grouped for drawing: each direct call's rows, and trace rows not reported yet. */
export interface TurnRows {
  readonly byCall: ReadonlyMap<string, readonly ToolRow[]>;
  /** Live trace rows no result has reported yet, in the order they opened. */
  readonly floating: readonly ToolRow[];
}

/**
 * The tool rows of one turn, folded with @elowen/tool-trace's `LiveToolRows` from the same events
 * live and from history (a history toolCall block is a `tool-start`, a tool_result entry a
 * `tool-end`), so a reloaded turn draws exactly what the live one drew. Each turn keeps its own
 * fold: a change redraws that turn's rows only.
 */
export class TurnTools {
  readonly #rows = new LiveToolRows();
  readonly #starts = new Map<string, CallStart>();
  readonly #ended = new Map<string, ToolResultEntryData>();
  readonly #output = new Map<string, string>();
  #grouped: TurnRows | undefined;
  /** Bumped on every change, so that a drawing of these rows knows when it is stale. */
  revision = 0;

  /** A call began (history: no start time yet; live: its `startedAt`). */
  start(callId: string, name: string, args: unknown, startedAt?: number): void {
    const known = this.#starts.get(callId);
    const ended = this.#ended.get(callId);
    if (ended && known) return;
    const start: CallStart = {
      name,
      args,
      ...(startedAt === undefined
        ? known?.startedAt === undefined
          ? {}
          : { startedAt: known.startedAt }
        : { startedAt }),
    };
    this.#starts.set(callId, start);
    // A result that came first is applied again after its start, so the row keeps both.
    if (ended) {
      this.end(ended);
      return;
    }
    this.#rows.apply({ type: "tool-start", callId, ...start });
    this.#changed();
  }

  /** A call's result entry arrived (live or from history); a repeated entry replaces it. */
  end(data: ToolResultEntryData): void {
    const known = this.#starts.get(data.callId);
    this.#rows.apply({
      type: "tool-start",
      callId: data.callId,
      name: known?.name ?? data.toolName,
      args: known?.args,
      startedAt: data.startedAt,
    });
    this.#rows.apply({
      type: "tool-end",
      callId: data.callId,
      result: {
        content: data.content.flatMap((block) =>
          block.type === "text" ? [{ type: "text" as const, text: block.text }] : [],
        ),
        ...(data.details === undefined ? {} : { details: data.details }),
        isError: data.isError,
      },
      durationMs: data.durationMs,
    });
    this.#ended.set(data.callId, data);
    this.#output.delete(data.callId);
    this.#changed();
  }

  /** A nested row's event (`row-opened`, `row-updated`, `row-settled`, `note`). */
  trace(
    type: "row-opened" | "row-updated" | "row-settled" | "note",
    record: ToolTraceRecord,
    reportedIn?: string,
  ): void {
    this.#rows.apply(
      type === "row-settled" || type === "note"
        ? { type, record, ...(reportedIn === undefined ? {} : { reportedIn }) }
        : { type, record },
    );
    this.#changed();
  }

  /** A running direct call's current output tail (live only). */
  output(callId: string, text: string): void {
    if (this.#ended.has(callId)) return;
    this.#output.set(callId, text);
    this.#changed();
  }

  /** The live output tail of a running call. */
  outputOf(callId: string): string | undefined {
    return this.#output.get(callId);
  }

  /** The `details` of a direct call's result (shares, answer records), once it has one. */
  detailsOf(callId: string): Readonly<Record<string, unknown>> | undefined {
    return this.#ended.get(callId)?.details;
  }

  /** Whether the call is known and has no result yet. */
  isRunning(callId: string): boolean {
    return this.#starts.has(callId) && !this.#ended.has(callId);
  }

  /** The last call that is still running: it hosts the trace rows no result has reported yet. */
  hostCall(): string | undefined {
    let host: string | undefined;
    for (const callId of this.#starts.keys()) if (!this.#ended.has(callId)) host = callId;
    return host;
  }

  /** The rows, grouped by the direct call they are drawn in place of. */
  rows(): TurnRows {
    if (this.#grouped) return this.#grouped;
    const byCall = new Map<string, ToolRow[]>();
    const floating: ToolRow[] = [];
    for (const row of this.#rows.rows()) {
      const owner = row.source === "direct" ? row.id : row.reportedBy;
      if (owner === undefined) floating.push(row);
      else {
        const list = byCall.get(owner);
        if (list) list.push(row);
        else byCall.set(owner, [row]);
      }
    }
    this.#grouped = { byCall, floating };
    return this.#grouped;
  }

  #changed(): void {
    this.#grouped = undefined;
    this.revision += 1;
  }
}
