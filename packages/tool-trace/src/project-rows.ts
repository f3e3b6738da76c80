import type { ToolTraceRecord } from "@elowen/plugin-api/trace";
import { directRow, nestedRow, readTrace, type ToolCallEntry, type ToolRow } from "./rows.js";

function depths(records: readonly ToolTraceRecord[]): Map<string, number> {
  const parents = new Map(records.map((r) => [r.id, r.parentId]));
  const out = new Map<string, number>();
  for (const { id } of records) {
    let depth = 0;
    const seen = new Set([id]);
    for (
      let parent = parents.get(id);
      parent !== undefined && parents.has(parent) && !seen.has(parent);
      parent = parents.get(parent)
    ) {
      seen.add(parent);
      depth++;
    }
    out.set(id, depth);
  }
  return out;
}

/** The rows a set of trace records draws for the reporting call `reportedBy`. */
export function traceRows(
  toolTrace: unknown,
  reportedBy: string | undefined,
  ownRow: boolean,
): ToolRow[] {
  const entries = readTrace(toolTrace);
  const levels = depths(entries.filter((e): e is ToolTraceRecord => !("invalid" in e)));
  const rows: ToolRow[] = [];
  for (const entry of entries) {
    if ("invalid" in entry) {
      rows.push({
        id: entry.id,
        kind: "invalid",
        source: "nested",
        depth: 0,
        status: "error",
        images: [],
        problem: entry.invalid,
        ...(reportedBy === undefined ? {} : { reportedBy }),
      });
      continue;
    }
    // Without its own row the call draws no progress notes either; a truncation note stays, so
    // that truncation is never silent.
    if (!ownRow && entry.kind === "note" && entry.truncated === undefined) continue;
    rows.push(nestedRow(entry, reportedBy, levels.get(entry.id) ?? 0));
  }
  return rows;
}

/** The rows one transcript entry draws: its trace in place of itself, and its own row if kept. */
export function entryRows(entry: ToolCallEntry): ToolRow[] {
  const details = entry.result?.details;
  const toolTrace = details?.toolTrace;
  // `ownRow: false` means the call draws no row of its own at all: a wait that
  // found nothing new, or a successful exec that called nothing, draws nothing.
  const ownRow = details?.ownRow !== false;
  if (!Array.isArray(toolTrace) || toolTrace.length === 0) return ownRow ? [directRow(entry)] : [];
  const rows = traceRows(toolTrace, entry.callId, ownRow);
  return ownRow ? [...rows, directRow(entry)] : rows;
}

/**
 * The display projection shared by the CLI and the web: transcript entries (direct calls with
 * their results, from history or live) to rows. A call whose result reports trace records draws
 * them in its place, followed by its own row unless `details.ownRow: false` (then its progress
 * notes go too, and with no records it draws nothing); any other call that recorded nothing keeps
 * its own row. Nested rows carry the host's
 * record ids, pending rows have no duration, answer records sit beside the output, and the same
 * entries always give the same rows.
 */
export function projectToolRows(entries: readonly ToolCallEntry[]): ToolRow[] {
  return entries.flatMap(entryRows);
}
