import { errorMessage } from "@elowen/plugin-shared/errors";
import type { JournalEntry } from "./types.js";

/** An entries row as both engines return it: SQLite's flags are 0 or 1, PostgreSQL's booleans. */
export interface EntryRow {
  id: string;
  session_id: string;
  parent_id: string | null;
  seq: number;
  kind: string;
  custom_type: string | null;
  hidden: number | boolean;
  off_branch: number | boolean;
  data: string;
  created_at: number;
}

/** An entries row as the store hands it out, its JSON data parsed. */
export function toEntry(row: EntryRow): JournalEntry {
  return {
    id: row.id,
    sessionId: row.session_id,
    parentId: row.parent_id,
    seq: row.seq,
    kind: row.kind,
    customType: row.custom_type,
    hidden: Boolean(row.hidden),
    offBranch: Boolean(row.off_branch),
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
