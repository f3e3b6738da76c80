import type { ToolResult } from "@elowen/plugin-api/tools";
import type { ToolTraceRecord } from "@elowen/plugin-api/trace";
import type { JournalRewriteOutcome, ToolCallEntry, ToolTraceJournal } from "../src/index.js";

interface StoredEntry {
  readonly seq: number;
  readonly callId: string;
  readonly name: string;
  readonly args?: unknown;
  /** Stored as JSON text, as a database row would hold it. */
  json: string;
}

/**
 * A real in-memory journal: entries are stored as JSON text in append order, rewritten in place,
 * removed (a deleted reply) or discarded (a result that will never be appended). It implements the
 * adapter the daemon implements on SQLite, and counts what it did, so tests can prove that a
 * settlement rewrites in place and never appends.
 */
export class MemoryJournal implements ToolTraceJournal {
  readonly #entries: StoredEntry[] = [];
  readonly #gone = new Set<string>();
  readonly #listeners = new Set<() => void>();
  #seq = 0;
  appends = 0;
  rewrites = 0;
  /** When set, rewrites answer asynchronously, as a journal behind a pool would. */
  constructor(readonly asynchronous = false) {}

  append(callId: string, name: string, result: ToolResult, args?: unknown): void {
    if (this.#gone.has(callId) || this.#entries.some((e) => e.callId === callId))
      throw new Error(`journal already held ${callId}`);
    this.#entries.push({ seq: ++this.#seq, callId, name, args, json: JSON.stringify(result) });
    this.appends++;
    this.#notify();
  }

  remove(callId: string): void {
    const at = this.#entries.findIndex((e) => e.callId === callId);
    if (at >= 0) this.#entries.splice(at, 1);
    this.#gone.add(callId);
    this.#notify();
  }

  /** The result of `callId` will never be appended (an aborted turn). */
  discard(callId: string): void {
    this.#gone.add(callId);
    this.#notify();
  }

  rewriteToolTrace(
    callId: string,
    rewrite: (toolTrace: unknown) => readonly ToolTraceRecord[] | undefined,
  ): JournalRewriteOutcome | Promise<JournalRewriteOutcome> {
    const outcome = this.#rewrite(callId, rewrite);
    return this.asynchronous
      ? new Promise((resolve) => setTimeout(() => resolve(outcome), 0))
      : outcome;
  }

  #rewrite(
    callId: string,
    rewrite: (toolTrace: unknown) => readonly ToolTraceRecord[] | undefined,
  ): JournalRewriteOutcome {
    if (this.#gone.has(callId)) return "gone";
    const entry = this.#entries.find((e) => e.callId === callId);
    if (entry === undefined) return "not-appended";
    const result = JSON.parse(entry.json) as ToolResult;
    const toolTrace = rewrite(result.details?.toolTrace);
    if (toolTrace === undefined) return "unchanged";
    entry.json = JSON.stringify({ ...result, details: { ...result.details, toolTrace } });
    this.rewrites++;
    return "written";
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  get listeners(): number {
    return this.#listeners.size;
  }

  /** What a reload reads: every entry, parsed afresh from its stored JSON. */
  history(): ToolCallEntry[] {
    return this.#entries.map((e) => ({
      callId: e.callId,
      name: e.name,
      ...(e.args === undefined ? {} : { args: e.args }),
      result: JSON.parse(e.json) as ToolResult,
    }));
  }

  /** The stored result of `callId`, parsed. */
  result(callId: string): ToolResult | undefined {
    const entry = this.#entries.find((e) => e.callId === callId);
    return entry === undefined ? undefined : (JSON.parse(entry.json) as ToolResult);
  }

  #notify(): void {
    for (const listener of [...this.#listeners]) listener();
  }
}
