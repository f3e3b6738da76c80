import { type HistoryEntry, historyToolCalls, type TurnEventData } from "@elowen/client";
import { LiveToolRows, type ToolRow } from "@elowen/tool-trace";
import type { RowView } from "./views.js";

/**
 * The rows of one turn through the shared projection: calls paired with their results as history
 * holds them (`historyToolCalls`), then calls only live events know yet, then every trace record's
 * newest event, folded by `LiveToolRows`. With no live events this is exactly
 * `projectToolRows(historyToolCalls(entries))`, the rows the CLI draws. A running direct call
 * carries its output tail (`tool_updated`), which only a live client has.
 */
export function turnRows(
  entries: readonly HistoryEntry[],
  starts: ReadonlyMap<string, TurnEventData["tool_started"]>,
  traces: ReadonlyMap<string, TurnEventData["trace"]>,
  tails: ReadonlyMap<string, string>,
): RowView[] {
  const live = new LiveToolRows();
  const known = new Set<string>();
  for (const call of historyToolCalls(entries)) {
    known.add(call.callId);
    const startedAt = call.startedAt ?? starts.get(call.callId)?.startedAt;
    live.apply({
      type: "tool-start",
      callId: call.callId,
      name: call.name,
      ...(call.args === undefined ? {} : { args: call.args }),
      ...(startedAt === undefined ? {} : { startedAt }),
    });
    if (call.result)
      live.apply({
        type: "tool-end",
        callId: call.callId,
        result: call.result,
        ...(call.durationMs === undefined ? {} : { durationMs: call.durationMs }),
      });
  }
  for (const start of starts.values()) {
    if (known.has(start.callId)) continue;
    live.apply({
      type: "tool-start",
      callId: start.callId,
      name: start.name,
      args: start.args,
      startedAt: start.startedAt,
    });
  }
  for (const trace of traces.values())
    live.apply(
      trace.reportedIn === undefined || (trace.type !== "row-settled" && trace.type !== "note")
        ? { type: trace.type, record: trace.record }
        : { type: trace.type, record: trace.record, reportedIn: trace.reportedIn },
    );
  return live.rows().map((row: ToolRow) => {
    const tail = row.source === "direct" && row.status === "running" && tails.get(row.id);
    return tail ? { ...row, tail } : row;
  });
}
