import type { ElowenClient, HistoryEntry } from "@elowen/client";
import { PAGE_LIMIT_MAX } from "@elowen/client";

/** A reload reads at most this many of the newest entries (ours); older ones stay on the daemon. */
export const HISTORY_LOAD_MAX = 10_000;

/** A session's visible history, oldest first, and whether older entries were left unread. */
export interface LoadedHistory {
  readonly entries: readonly HistoryEntry[];
  readonly truncated: boolean;
}

/** Reads a session's history page by page (newest page first) up to {@link HISTORY_LOAD_MAX} entries. */
export async function loadHistory(client: ElowenClient, sessionId: string): Promise<LoadedHistory> {
  const pages: HistoryEntry[][] = [];
  let count = 0;
  let cursor: string | undefined;
  do {
    const page = await client.sessions.history(sessionId, {
      limit: PAGE_LIMIT_MAX,
      ...(cursor ? { cursor } : {}),
    });
    pages.unshift(page.entries);
    count += page.entries.length;
    cursor = page.nextCursor ?? undefined;
  } while (cursor && count < HISTORY_LOAD_MAX);
  return { entries: pages.flat(), truncated: cursor !== undefined };
}
