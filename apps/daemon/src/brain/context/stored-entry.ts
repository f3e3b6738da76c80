import { ENTRY_KINDS, type ParsedEntryData } from "@elowen/wire";
import type { JournalEntry } from "../../store/types.js";

/**
 * A visible entry's data as the brain itself wrote it (through the typed entry data of
 * `@elowen/wire`), read without validating it again: replay reads every entry of a branch on
 * every turn, and the journal holds only what the brain wrote. Readers of data from elsewhere use
 * `parseEntryData`.
 */
export function storedEntry(entry: JournalEntry): ParsedEntryData | undefined {
  if (!(ENTRY_KINDS as readonly string[]).includes(entry.kind)) return undefined;
  if (typeof entry.data !== "object" || entry.data === null) return undefined;
  return { kind: entry.kind, data: entry.data } as ParsedEntryData;
}
