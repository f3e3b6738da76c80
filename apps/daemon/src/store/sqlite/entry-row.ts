import { errorMessage } from "@elowen/plugin-shared/errors";
import type { JournalEntry } from "../types.js";

/** An entries row. */
export interface EntryRow {
  id: string;
  session_id: string;
  parent_id: string | null;
  seq: number;
  kind: string;
  custom_type: string | null;
  hidden: number;
  off_branch: number;
  data: string;
  created_at: number;
}

/** Maps an entries row, parsing its JSON data. */
export function toEntry(row: EntryRow): JournalEntry {
  return {
    id: row.id,
    sessionId: row.session_id,
    parentId: row.parent_id,
    seq: row.seq,
    kind: row.kind,
    customType: row.custom_type,
    hidden: row.hidden === 1,
    offBranch: row.off_branch === 1,
    data: JSON.parse(row.data),
    createdAt: row.created_at,
  };
}

/** Serializes entry data; refuses what JSON cannot hold, naming the entry. */
export function entryJson(data: unknown, index: number): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(data);
  } catch (error) {
    throw new TypeError(`entries[${index}].data is not JSON-serializable: ${errorMessage(error)}`);
  }
  if (text === undefined) throw new TypeError(`entries[${index}].data is not JSON-serializable`);
  return text;
}
