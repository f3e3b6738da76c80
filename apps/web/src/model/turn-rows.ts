import { SharedFileSchema, SharedImageSchema } from "@elowen/plugin-api/trace";
import { LiveToolRows, type ToolRow } from "@elowen/tool-trace";
import { type HistoryEntry, historyToolCalls, type TurnEventData } from "@elowen/wire";
import type { RowView } from "./views.js";

/**
 * The rows of one turn through the shared projection: calls paired with their results as history
 * holds them (`historyToolCalls`), then calls only live events know yet, then every trace record's
 * newest event, folded by `LiveToolRows`. With no live events this is exactly
 * `projectToolRows(historyToolCalls(entries))`, the rows the CLI draws. A running direct call
 * carries its output tail (`tool_updated`), which only a live client has; a direct ShareImage or
 * ShareFile carries the delivery its result's details hold, as the CLI reads it beside the row.
 */
export function turnRows(
  entries: readonly HistoryEntry[],
  starts: ReadonlyMap<string, TurnEventData["tool_started"]>,
  traces: ReadonlyMap<string, TurnEventData["trace"]>,
  tails: ReadonlyMap<string, string>,
): RowView[] {
  const live = new LiveToolRows();
  const known = new Map<string, Readonly<Record<string, unknown>> | undefined>();
  for (const call of historyToolCalls(entries)) {
    known.set(call.callId, call.result?.details);
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
    if (row.source !== "direct") return row;
    const tail = row.status === "running" && tails.get(row.id);
    return { ...row, ...(tail ? { tail } : {}), ...directShare(known.get(row.id)) };
  });
}

function directShare(details: Readonly<Record<string, unknown>> | undefined): Partial<RowView> {
  const image = SharedImageSchema.safeParse(details?.sharedImage);
  const file = SharedFileSchema.safeParse(details?.sharedFile);
  return {
    ...(image.success ? { sharedImage: image.data } : {}),
    ...(file.success ? { sharedFile: file.data } : {}),
  };
}
