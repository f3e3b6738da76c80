import type { ToolTraceRecord } from "@elowen/plugin-api/trace";
import {
  ENTRY_DATA_SCHEMAS,
  type HistoryEntry,
  parseSessionEvent,
  type SessionEvent,
  type TypedSessionEvent,
} from "@elowen/wire";

let counter = 0;
/** A host-shaped id: prefix and 24 lowercase letters and digits. */
export function id(prefix: "s" | "e" | "t" | "u" | "q" | "p"): string {
  counter += 1;
  return `${prefix}_${counter.toString(36).padStart(24, "0")}`;
}

let eventId = 0;
/** A live event exactly as the SSE stream carries it; throws when the wire schema refuses it. */
export function event<T extends TypedSessionEvent["type"]>(
  type: T,
  data: Extract<TypedSessionEvent, { type: T }>["data"],
): SessionEvent {
  eventId += 1;
  const raw = { id: String(eventId), type, data };
  if (!parseSessionEvent(raw))
    throw new Error(
      `fixture event ${type} does not match the wire schema: ${JSON.stringify(data)}`,
    );
  return raw;
}

let seq = 0;
/** A history entry exactly as history pages carry it; throws when the entry-data schema refuses it. */
export function entry(
  kind: keyof typeof ENTRY_DATA_SCHEMAS,
  data: unknown,
  entryId = id("e"),
): HistoryEntry {
  const parsed = ENTRY_DATA_SCHEMAS[kind].safeParse(data);
  if (!parsed.success)
    throw new Error(
      `fixture ${kind} entry does not match the wire schema: ${parsed.error.message}`,
    );
  seq += 1;
  return {
    id: entryId,
    parentId: null,
    seq,
    kind,
    customType: null,
    data,
    createdAt: 1_700_000_000_000 + seq,
  };
}

/** The usage of an offline response. */
export const NO_USAGE = {
  input: 0,
  output: 0,
  cacheRead: 0,
  cacheWrite: 0,
  totalTokens: 0,
  cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
};

/** The offline model as events label it. */
export const OFFLINE = {
  provider: "offline",
  id: "offline",
  label: "Offline model",
  offline: true,
};

/** A nested trace record as code mode's sink records it. */
export function record(
  fields: Partial<ToolTraceRecord> & Pick<ToolTraceRecord, "id">,
): ToolTraceRecord {
  return { producerId: "cell-1", kind: "call", ...fields };
}

/**
 * Builds one turn the way the daemon streams it and stores it: each step returns the live events
 * a client receives (with `entries` events carrying the committed entries) and the entries
 * history will return, with the same host ids.
 */
export class TurnFixture {
  readonly turnId = id("t");
  readonly entries: HistoryEntry[] = [];
  readonly events: SessionEvent[] = [];
  constructor(readonly startedAt = 1_700_000_000_000) {}

  #commit(...entries: HistoryEntry[]): void {
    this.entries.push(...entries);
    this.events.push(event("entries", { entries }));
  }

  /** The prompt and `turn_started`. */
  start(text: string): this {
    const user = entry("user", { turnId: this.turnId, text, origin: { kind: "composer" } });
    this.events.push(
      event("turn_started", {
        turnId: this.turnId,
        origin: { kind: "composer" },
        userEntryId: user.id,
        startedAt: this.startedAt,
        model: OFFLINE,
      }),
    );
    this.#commit(user);
    return this;
  }

  /** One model response: streamed text, then committed with its tool calls. */
  respond(
    step: number,
    text: string,
    calls: { id: string; name: string; args: Record<string, unknown> }[] = [],
    startedAt = this.startedAt,
  ): this {
    const entryId = id("e");
    this.events.push(
      event("assistant_started", { turnId: this.turnId, entryId, step, model: OFFLINE, startedAt }),
    );
    if (text) {
      const half = Math.ceil(text.length / 2);
      this.events.push(
        event("assistant_delta", {
          turnId: this.turnId,
          entryId,
          block: 0,
          kind: "text",
          text: text.slice(0, half),
        }),
      );
      this.events.push(
        event("assistant_delta", {
          turnId: this.turnId,
          entryId,
          block: 0,
          kind: "text",
          text: text.slice(half),
        }),
      );
    }
    const content = [
      ...(text ? [{ type: "text" as const, text }] : []),
      ...calls.map((c) => ({
        type: "toolCall" as const,
        id: c.id,
        name: c.name,
        arguments: c.args,
      })),
    ];
    this.#commit(
      entry(
        "assistant",
        {
          turnId: this.turnId,
          step,
          content,
          stopReason: calls.length ? "toolUse" : "stop",
          api: "offline",
          provider: "offline",
          model: "offline",
          offline: true,
          usage: NO_USAGE,
          startedAt,
          durationMs: 5,
        },
        entryId,
      ),
    );
    return this;
  }

  /** A direct call runs: its `tool_started` (the assistant entry must name it). */
  toolStarted(
    callId: string,
    name: string,
    args: Record<string, unknown>,
    startedAt: number,
  ): this {
    const assistant = [...this.entries].reverse().find((e) => e.kind === "assistant");
    this.events.push(
      event("tool_started", {
        turnId: this.turnId,
        entryId: assistant?.id ?? id("e"),
        callId,
        name,
        args,
        startedAt,
      }),
    );
    return this;
  }

  /** Raw live events in between (trace rows, authoring notes, output tails). */
  live(...events: SessionEvent[]): this {
    this.events.push(...events);
    return this;
  }

  /** A direct call settles: its result entry, then `tool_ended`. */
  toolEnded(
    callId: string,
    toolName: string,
    text: string,
    options: {
      details?: Record<string, unknown>;
      isError?: boolean;
      startedAt: number;
      durationMs: number;
    },
  ): this {
    const result = entry("tool_result", {
      turnId: this.turnId,
      callId,
      toolName,
      content: [{ type: "text", text }],
      ...(options.details ? { details: options.details } : {}),
      isError: options.isError ?? false,
      startedAt: options.startedAt,
      durationMs: options.durationMs,
    });
    this.#commit(result);
    this.events.push(
      event("tool_ended", {
        turnId: this.turnId,
        callId,
        entryId: result.id,
        isError: options.isError ?? false,
        startedAt: options.startedAt,
        durationMs: options.durationMs,
      }),
    );
    return this;
  }

  /** The turn settles: its `turn_end` entry and `turn_completed`. */
  complete(
    answer: string,
    durationMs: number,
    reason: "answer" | "aborted" | "error" = "answer",
  ): this {
    const end = entry("turn_end", { turnId: this.turnId, reason, durationMs, answer });
    this.#commit(end);
    this.events.push(
      event("turn_completed", { turnId: this.turnId, reason, durationMs, answer, entryId: end.id }),
    );
    return this;
  }
}
