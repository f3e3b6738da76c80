import {
  type HistoryEntry,
  type ParsedEntryData,
  parseEntryData,
  type TypedSessionEvent,
} from "@elowen/wire";
import type { TranscriptBlock } from "./blocks.js";
import { buildBlocks, type StoredEntry, type Stream } from "./build-blocks.js";
import { type TurnRows, TurnTools } from "./turn-tools.js";

/**
 * The transcript of one session as data: the visible history entries in journal order, the
 * responses still streaming, and each turn's tool rows. History pages and live events fold into
 * the same state by the host's ids, so that a transcript built from live events and one built
 * from history after a reload give the same {@link TranscriptBlock}s.
 */
export class TranscriptState {
  readonly #entries = new Map<string, StoredEntry>();
  #order: string[] = [];
  readonly #streams = new Map<string, Stream>();
  readonly #turns = new Map<string, TurnTools>();
  readonly #versions = new Map<string, number>();
  #blocks: TranscriptBlock[] | undefined;
  #pending: { readonly text: string; readonly since: number } | undefined;
  /** Bumped on every change. */
  revision = 0;

  /** Folds committed entries in (a history page or an `entries` event); an id seen before is replaced. */
  addEntries(entries: readonly HistoryEntry[]): void {
    let reorder = false;
    for (const entry of entries) {
      const parsed = parseEntryData(entry);
      if (!parsed) continue;
      const known = this.#entries.get(entry.id);
      this.#entries.set(entry.id, { entry, parsed });
      if (!known) {
        const last = this.#order.at(-1);
        const lastSeq = last === undefined ? -1 : (this.#entries.get(last)?.entry.seq ?? -1);
        this.#order.push(entry.id);
        if (entry.seq < lastSeq) reorder = true;
      }
      this.#fold(entry.id, parsed);
      // The host journaled a message of the person: the echo drawn while it was sent goes.
      // (Its text may differ: an input transform such as /skill:name rewrote it.)
      if (parsed.kind === "user") this.#pending = undefined;
    }
    if (reorder)
      this.#order.sort(
        (a, b) => (this.#entries.get(a)?.entry.seq ?? 0) - (this.#entries.get(b)?.entry.seq ?? 0),
      );
    this.#structureChanged();
  }

  /** Folds one live event in; answers whether the transcript changed. */
  apply(event: TypedSessionEvent): boolean {
    switch (event.type) {
      case "entries":
        this.addEntries(event.data.entries);
        return true;
      case "assistant_started":
        if (this.#entries.has(event.data.entryId) || this.#streams.has(event.data.entryId))
          return false;
        this.#streams.set(event.data.entryId, { turnId: event.data.turnId, blocks: [], calls: [] });
        this.#structureChanged();
        return true;
      case "assistant_delta": {
        const stream = this.#streams.get(event.data.entryId);
        if (!stream) return false;
        const { block, kind, text } = event.data;
        const current = stream.blocks[block];
        if (current && current.kind === kind) current.text += text;
        else {
          for (let i = stream.blocks.length; i < block; i += 1)
            stream.blocks[i] = { kind, text: "" };
          stream.blocks[block] = { kind, text };
          this.#structureChanged();
        }
        this.#bump(`${kind}:${event.data.entryId}:${block}`);
        return true;
      }
      case "tool_started": {
        const { turnId, entryId, callId, name, args, startedAt } = event.data;
        this.#turn(turnId).start(callId, name, args, startedAt);
        const stream = this.#streams.get(entryId);
        if (stream && !stream.calls.includes(callId)) {
          stream.calls.push(callId);
          this.#structureChanged();
        }
        this.#changed();
        return true;
      }
      case "tool_updated":
        this.#turn(event.data.turnId).output(event.data.callId, event.data.output);
        this.#changed();
        return true;
      case "trace":
        this.#turn(event.data.turnId).trace(
          event.data.type,
          event.data.record,
          event.data.reportedIn,
        );
        this.#structureChanged();
        return true;
      case "turn_completed":
        for (const [id, stream] of this.#streams)
          if (stream.turnId === event.data.turnId && this.#entries.has(id))
            this.#streams.delete(id);
        this.#structureChanged();
        return true;
      default:
        return false;
    }
  }

  /** Forgets everything (a `reset`, or another session). */
  clear(): void {
    this.#entries.clear();
    this.#order = [];
    this.#streams.clear();
    this.#turns.clear();
    this.#structureChanged();
  }

  /** Whether nothing is drawn yet (the start screen shows instead). */
  get empty(): boolean {
    return this.blocks().length === 0;
  }

  /** The number of committed visible entries. */
  get entryCount(): number {
    return this.#order.length;
  }

  /**
   * A message being sent, drawn at once as the person's message until the host journals it (the
   * first turn after a start may take a moment before it does); undefined clears it (not sent).
   */
  setPending(text: string | undefined, now: number = Date.now()): void {
    this.#pending = text === undefined || text === "" ? undefined : { text, since: now };
    this.#structureChanged();
  }

  /** The message being sent, with when it was sent, if any. */
  get pending(): { readonly text: string; readonly since: number } | undefined {
    return this.#pending;
  }

  /** The blocks to draw, in order. */
  blocks(): readonly TranscriptBlock[] {
    this.#blocks ??= [
      ...buildBlocks({
        order: this.#order,
        entries: this.#entries,
        streams: this.#streams,
        turns: this.#turns,
      }),
      ...(this.#pending
        ? [{ kind: "user" as const, key: "user:pending", text: this.#pending.text }]
        : []),
    ];
    return this.#blocks;
  }

  /** A block's version: it changes whenever what the block draws may have changed. */
  version(block: TranscriptBlock): number {
    if (block.kind === "call" || block.kind === "floating")
      return this.#turns.get(block.turnId)?.revision ?? 0;
    if (block.kind === "text" || block.kind === "thinking")
      return this.#versions.get(block.key) ?? 0;
    return this.#versions.get(`entry:${block.key.slice(block.key.indexOf(":") + 1)}`) ?? 0;
  }

  /** The rows of a turn's tools, grouped by call. */
  turnRows(turnId: string): TurnRows {
    return this.#turn(turnId).rows();
  }

  /** The tools of a turn (running state, output tails). */
  turnTools(turnId: string): TurnTools {
    return this.#turn(turnId);
  }

  #fold(id: string, parsed: ParsedEntryData): void {
    this.#bump(`entry:${id}`);
    if (parsed.kind === "assistant") {
      this.#streams.delete(id);
      parsed.data.content.forEach((block, i) => {
        if (block.type === "toolCall")
          this.#turn(parsed.data.turnId).start(block.id, block.name, block.arguments);
        else this.#bump(`${block.type}:${id}:${i}`);
      });
    } else if (parsed.kind === "tool_result") {
      this.#turn(parsed.data.turnId).end(parsed.data);
    }
  }

  #turn(turnId: string): TurnTools {
    let tools = this.#turns.get(turnId);
    if (!tools) {
      tools = new TurnTools();
      this.#turns.set(turnId, tools);
    }
    return tools;
  }

  #bump(key: string): void {
    this.#versions.set(key, (this.#versions.get(key) ?? 0) + 1);
    this.revision += 1;
  }

  #changed(): void {
    this.revision += 1;
  }

  #structureChanged(): void {
    this.#blocks = undefined;
    this.revision += 1;
  }
}
