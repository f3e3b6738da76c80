import type { ImageRef, ToolTraceRecord } from "@elowen/plugin-api/trace";

/**
 * Time, injected. `now()` is wall-clock epoch milliseconds (for `startedAt` and
 * `imageTimestamp`); `monotonic()` is a clock that never goes back (for `durationMs`).
 */
export interface TraceClock {
  now(): number;
  monotonic(): number;
}

/** The host's clock: `Date.now()` and `performance.now()`. */
export const systemClock: TraceClock = {
  now: () => Date.now(),
  monotonic: () => performance.now(),
};

/**
 * The host's id minter: every row, note and truncation note gets its id here and nowhere else. Ids
 * are 1 to 128 characters and unique within a turn; a repeat is refused, never renamed.
 */
export type TraceIdMinter = () => string;

/**
 * The session's content-addressed image store (the same one direct results use). `put` stores the
 * bytes and returns their reference; it may reject (disk full, unwritable), which drops only that
 * image reference, never the result.
 */
export interface ToolImageStore {
  put(bytes: Uint8Array, mimeType: string): Promise<ImageRef>;
}

/**
 * A live event for clients (forwarded over SSE). Every event carries the record exactly as the log
 * holds it, so a client draws only what was recorded, with the host's ids.
 * - `row-opened`: a call was admitted and is running (`pending: true`).
 * - `row-updated`: a running call's record changed (its output tail).
 * - `row-settled`: a call finished; `reportedIn` is the reporting call whose result it was already
 *   drained into (a late settle, replaced in place there), absent when not yet reported.
 * - `note`: a progress note, or the producer's truncation note (added, or its counts updated).
 */
export type ToolTraceEvent =
  | { readonly type: "row-opened"; readonly record: ToolTraceRecord }
  | { readonly type: "row-updated"; readonly record: ToolTraceRecord }
  | { readonly type: "row-settled"; readonly record: ToolTraceRecord; readonly reportedIn?: string }
  | { readonly type: "note"; readonly record: ToolTraceRecord; readonly reportedIn?: string };

/** What a journal did with a rewrite. */
export type JournalRewriteOutcome = "written" | "unchanged" | "not-appended" | "gone";

/**
 * The host's journal, as the settlement writer needs it (the daemon implements it on SQLite).
 * - `rewriteToolTrace(callId, rewrite)`: atomically, for the stored result of the tool call
 *   `callId`, call `rewrite` with its current `details.toolTrace` and store what it returns as the
 *   new `details.toolTrace`, changing nothing else (not content, not the call id, not the entry's
 *   place). `rewrite` returning undefined means write nothing (`unchanged`). Answer `not-appended`
 *   while the result has not reached the journal yet, `gone` once the entry was removed or
 *   discarded (or will never be appended). Never append an entry.
 * - `subscribe(listener)`: call `listener` after every change of the journal (an append above
 *   all); returns the function that stops it.
 */
export interface ToolTraceJournal {
  rewriteToolTrace(
    callId: string,
    rewrite: (toolTrace: unknown) => readonly ToolTraceRecord[] | undefined,
  ): JournalRewriteOutcome | Promise<JournalRewriteOutcome>;
  subscribe(listener: () => void): () => void;
}
