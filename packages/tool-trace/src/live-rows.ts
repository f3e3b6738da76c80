import type { ToolResult } from "@elowen/plugin-api/tools";
import type { ToolTraceRecord } from "@elowen/plugin-api/trace";
import { entryRows } from "./project-rows.js";
import { nestedRow, type ToolCallEntry, type ToolRow } from "./rows.js";
import type { ToolTraceEvent } from "./types.js";

/** A live event a client receives: direct call start and end, and the trace events. */
export type LiveToolEvent =
  | {
      readonly type: "tool-start";
      readonly callId: string;
      readonly name: string;
      readonly args?: unknown;
      readonly startedAt?: number;
    }
  | {
      readonly type: "tool-end";
      readonly callId: string;
      readonly result: ToolResult;
      readonly durationMs?: number;
    }
  | ToolTraceEvent;

/**
 * A client's live view, folded from events: the same rows `projectToolRows` gives from history
 * once every call has ended and been reported. Trace rows not yet reported float at the end, in
 * the order they opened; when a reporting result arrives its records move into its place. A
 * record's newest event wins over the snapshot drained into a result, since every change of a
 * record is published when it happens (a settle may overtake the result it lands in).
 */
export class LiveToolRows {
  readonly #calls = new Map<string, ToolCallEntry>();
  readonly #records = new Map<string, ToolTraceRecord>();
  readonly #reported = new Set<string>();

  /** Folds one event in. */
  apply(event: LiveToolEvent): void {
    switch (event.type) {
      case "tool-start":
        this.#calls.set(event.callId, { ...event });
        return;
      case "tool-end": {
        const start = this.#calls.get(event.callId) ?? { callId: event.callId, name: "" };
        this.#calls.set(event.callId, {
          ...start,
          result: event.result,
          ...(event.durationMs === undefined ? {} : { durationMs: event.durationMs }),
        });
        const trace = event.result.details?.toolTrace;
        if (Array.isArray(trace))
          for (const record of trace)
            if (typeof record?.id === "string") this.#reported.add(record.id);
        return;
      }
      default:
        this.#records.set(event.record.id, event.record);
    }
  }

  /** The rows as they stand. */
  rows(): ToolRow[] {
    const rows: ToolRow[] = [];
    for (const entry of this.#calls.values()) rows.push(...entryRows(this.#withLatest(entry)));
    for (const record of this.#records.values())
      if (!this.#reported.has(record.id)) rows.push(nestedRow(record, undefined, 0));
    return rows;
  }

  #withLatest(entry: ToolCallEntry): ToolCallEntry {
    const trace = entry.result?.details?.toolTrace;
    if (entry.result === undefined || !Array.isArray(trace)) return entry;
    const latest = trace.map((record) => this.#records.get(record.id) ?? record);
    return {
      ...entry,
      result: { ...entry.result, details: { ...entry.result.details, toolTrace: latest } },
    };
  }
}
