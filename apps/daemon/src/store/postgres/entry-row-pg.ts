import type { JournalEntry } from "../types.js";

/** An entries row as PostgreSQL returns it (booleans are booleans). */
export interface PgEntryRow {
  id: string;
  session_id: string;
  parent_id: string | null;
  seq: number;
  kind: string;
  custom_type: string | null;
  hidden: boolean;
  off_branch: boolean;
  data: string;
  created_at: number;
}

/** Maps an entries row, parsing its JSON data. */
export function toPgEntry(row: PgEntryRow): JournalEntry {
  return {
    id: row.id,
    sessionId: row.session_id,
    parentId: row.parent_id,
    seq: row.seq,
    kind: row.kind,
    customType: row.custom_type,
    hidden: row.hidden,
    offBranch: row.off_branch,
    data: JSON.parse(row.data),
    createdAt: row.created_at,
  };
}
