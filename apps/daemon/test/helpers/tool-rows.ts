import { LiveToolRows, projectToolRows, type ToolRow } from "@elowen/tool-trace";
import { type HistoryEntry, historyToolCalls } from "@elowen/wire";
import type { EventLog } from "../../src/testing/index.js";

/** The rows a client draws from live events alone, folded as the CLI and the web fold them. */
export function liveRows(log: EventLog): ToolRow[] {
  const rows = new LiveToolRows();
  const results = new Map<
    string,
    NonNullable<ReturnType<typeof historyToolCalls>[number]["result"]>
  >();
  for (const event of log.events) {
    if (event.type === "entries") {
      for (const call of historyToolCalls(event.data.entries))
        if (call.result) results.set(call.callId, call.result);
    } else if (event.type === "tool_started") {
      const { callId, name, args, startedAt } = event.data;
      rows.apply({ type: "tool-start", callId, name, args, startedAt });
    } else if (event.type === "tool_ended") {
      const result = results.get(event.data.callId);
      if (result)
        rows.apply({
          type: "tool-end",
          callId: event.data.callId,
          result: result as never,
          durationMs: event.data.durationMs,
        });
    } else if (event.type === "trace") {
      const { type, record, reportedIn } = event.data;
      rows.apply(
        reportedIn === undefined
          ? ({ type, record } as never)
          : ({ type, record, reportedIn } as never),
      );
    }
  }
  return rows.rows();
}

/** The rows a client draws from history. */
export function historyRows(entries: readonly HistoryEntry[]): ToolRow[] {
  return projectToolRows(historyToolCalls(entries) as never);
}
