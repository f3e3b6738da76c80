import type { HistoryEntry } from "@elowen/wire";
import type { JournalEntry } from "../store/types.js";

/** A visible journal entry as history pages and `entries` events show it. */
export function entryView(e: JournalEntry): HistoryEntry {
  return {
    id: e.id,
    parentId: e.parentId,
    seq: e.seq,
    kind: e.kind,
    customType: e.customType,
    data: e.data,
    createdAt: e.createdAt,
  };
}
