import type { ElowenClient } from "@elowen/client";
import type { HistoryEntry } from "@elowen/wire";
import { PAGE_LIMIT_MAX } from "@elowen/wire";

/** A reload reads at most this many of the newest entries (ours); older ones stay on the daemon. */
export const HISTORY_LOAD_MAX = 10_000;

/** A session's visible history, oldest first, and whether older entries were left unread. */
export interface LoadedHistory {
  readonly entries: readonly HistoryEntry[];
  readonly truncated: boolean;
}

/**
 * Reads a session's history page by page (newest page first), keeping the newest `max` entries
 * (default {@link HISTORY_LOAD_MAX}); `truncated` says older ones were left unread.
 */
export async function loadHistory(
  client: ElowenClient,
  sessionId: string,
  options: { readonly max?: number; readonly pageLimit?: number } = {},
): Promise<LoadedHistory> {
  const max = options.max ?? HISTORY_LOAD_MAX;
  const pages: HistoryEntry[][] = [];
  let count = 0;
  let cursor: string | undefined;
  do {
    const page = await client.sessions.history(sessionId, {
      limit: Math.min(options.pageLimit ?? PAGE_LIMIT_MAX, PAGE_LIMIT_MAX),
      ...(cursor ? { cursor } : {}),
    });
    pages.unshift(page.entries);
    count += page.entries.length;
    cursor = page.nextCursor ?? undefined;
  } while (cursor && count < max);
  const entries = pages.flat();
  return {
    entries: entries.length > max ? entries.slice(entries.length - max) : entries,
    truncated: cursor !== undefined || entries.length > max,
  };
}
