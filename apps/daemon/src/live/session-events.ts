import { randomBytes } from "node:crypto";
import type { SessionEvent } from "@elowen/wire";

/** How many events each session keeps for replay after a reconnect (ours). */
export const EVENT_REPLAY_BUFFER = 1000;
/**
 * How many characters of event data each session keeps for replay at most (ours, counted by
 * {@link eventChars}): past it the oldest events leave the buffer even before
 * {@link EVENT_REPLAY_BUFFER} is reached, so a session of large tool results costs bounded
 * memory. The newest event always stays. It is above `SSE_MAX_PENDING_BYTES`, so a replay the
 * buffer holds may be larger than what may wait for a reader after it.
 */
export const EVENT_REPLAY_BUFFER_CHARS = 8 * 1024 * 1024;
/**
 * How many characters of events ({@link eventChars}) may be published before a streaming
 * publisher yields to the event loop (ours): a model streaming a megabyte of deltas in one chain
 * of promise jobs would otherwise hold every socket corked and every other request waiting.
 */
export const PUBLISH_YIELD_CHARS = 64 * 1024;
/** How many sessions keep a replay buffer at once; the least recently used is dropped (ours). */
export const EVENT_BUFFERED_SESSIONS = 1000;
/**
 * How many characters of event data all sessions' replay buffers hold together at most (ours):
 * past it the least recently used buffers without a listener are dropped (their clients reload
 * history when they come back).
 */
export const EVENT_BUFFERED_CHARS = 128 * 1024 * 1024;

/**
 * The size an event's data counts for in a replay buffer: the characters of its strings and keys,
 * and 8 for every other value, which is close to its JSON's length without building it (nesting
 * past 64 levels counts 8 for the rest).
 */
export function eventChars(value: unknown, depth = 0): number {
  if (typeof value === "string") return value.length + 2;
  if (typeof value !== "object" || value === null || depth >= 64) return 8;
  let chars = 2;
  if (Array.isArray(value)) {
    for (const item of value) chars += eventChars(item, depth + 1) + 1;
    return chars;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    chars += key.length + 4 + eventChars((value as Record<string, unknown>)[key], depth + 1);
  }
  return chars;
}

/** An event as server-sent events carry it: `id`, `event` and one `data` line of JSON. */
export function sseFrame(event: SessionEvent): string {
  return `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

/** A listener of one session's live events. */
export type SessionEventListener = (event: SessionEvent) => void;

/** What a new subscription gets: the events to replay first, or a reset to reload history. */
export type ReplayResult =
  | { readonly kind: "replay"; readonly events: readonly SessionEvent[] }
  | { readonly kind: "reset"; readonly reason: "restarted" | "expired" };

interface SessionBuffer {
  events: SessionEvent[];
  /** What each buffered event counts for ({@link eventChars}), index-aligned with `events`. */
  sizes: number[];
  /** The characters the buffered events count for ({@link eventChars}). */
  chars: number;
  /** The highest counter evicted from `events`: resuming before it has missed events. */
  evicted: number;
  listeners: Set<SessionEventListener>;
}

/**
 * The per-session live event bus feeding SSE. Event ids are `<boot>.<counter>`: the counter grows
 * across the daemon's life, and the boot id tells an id from an earlier process apart, so a
 * client resuming after a restart is told to reload history instead of missing events.
 */
export class SessionEvents {
  readonly bootId: string;
  #counter = 0;
  readonly #sessions = new Map<string, SessionBuffer>();
  /** Each event's frame, serialized when a stream first sends it and shared by every stream. */
  readonly #frames = new WeakMap<SessionEvent, string>();
  readonly #bufferSize: number;
  readonly #bufferChars: number;
  readonly #totalChars: number;
  #sinceYield = 0;
  #chars = 0;
  /** The session whose buffer was used last: the most recent in `#sessions`. */
  #recent: string | undefined;

  constructor(
    options: {
      readonly bufferSize?: number;
      /** Characters of event data one session keeps (default {@link EVENT_REPLAY_BUFFER_CHARS}). */
      readonly bufferChars?: number;
      /** Characters of event data all sessions keep (default {@link EVENT_BUFFERED_CHARS}). */
      readonly totalChars?: number;
      readonly bootId?: string;
    } = {},
  ) {
    this.bootId = options.bootId ?? randomBytes(4).toString("hex");
    this.#bufferSize = options.bufferSize ?? EVENT_REPLAY_BUFFER;
    this.#bufferChars = options.bufferChars ?? EVENT_REPLAY_BUFFER_CHARS;
    this.#totalChars = options.totalChars ?? EVENT_BUFFERED_CHARS;
  }

  /** Publishes an event to the session's listeners and its replay buffer. */
  publish(sessionId: string, type: string, data: unknown): SessionEvent {
    // The buffer first: one made now counts every event before this one as not replayable.
    const buffer = this.#buffer(sessionId);
    this.#counter += 1;
    const event: SessionEvent = { id: `${this.bootId}.${this.#counter}`, type, data };
    const chars = eventChars(data) + type.length;
    buffer.events.push(event);
    buffer.sizes.push(chars);
    buffer.chars += chars;
    this.#chars += chars;
    this.#sinceYield += chars;
    while (
      buffer.events.length > 1 &&
      (buffer.events.length > this.#bufferSize || buffer.chars > this.#bufferChars)
    )
      this.#dropOldest(buffer);
    if (this.#chars > this.#totalChars) this.#dropIdleBuffers(buffer);
    for (const listener of buffer.listeners) listener(event);
    return event;
  }

  /**
   * A promise a streaming publisher awaits when more than {@link PUBLISH_YIELD_CHARS} were
   * published since the last one (it resolves on the next turn of the event loop, after I/O),
   * else undefined: nothing to wait for.
   */
  yieldDue(): Promise<void> | undefined {
    if (this.#sinceYield < PUBLISH_YIELD_CHARS) return undefined;
    this.#sinceYield = 0;
    return new Promise((resolve) => setImmediate(resolve));
  }

  /** The event's SSE frame, serialized once however many streams send it. */
  frame(event: SessionEvent): string {
    let frame = this.#frames.get(event);
    if (frame === undefined) {
      frame = sseFrame(event);
      this.#frames.set(event, frame);
    }
    return frame;
  }

  /** Characters of event data all replay buffers hold now ({@link eventChars}). */
  bufferedChars(): number {
    return this.#chars;
  }

  /**
   * Subscribes to a session. With `lastEventId`, answers the events after it (or a reset when
   * they cannot be replayed); the listener then receives every later event, in order.
   */
  subscribe(
    sessionId: string,
    lastEventId: string | undefined,
    listener: SessionEventListener,
  ): { readonly replay: ReplayResult; readonly unsubscribe: () => void } {
    const buffer = this.#buffer(sessionId);
    buffer.listeners.add(listener);
    return {
      replay: this.#replay(buffer, lastEventId),
      unsubscribe: () => buffer.listeners.delete(listener),
    };
  }

  /** How many listeners a session has now. */
  subscriberCount(sessionId: string): number {
    return this.#sessions.get(sessionId)?.listeners.size ?? 0;
  }

  /** The id of the latest event published: resuming from it replays only later events. */
  cursor(): string {
    return `${this.bootId}.${this.#counter}`;
  }

  /** Drops a session's buffer (its conversation was deleted). Listeners stay until they leave. */
  forget(sessionId: string): void {
    const buffer = this.#sessions.get(sessionId);
    if (buffer && buffer.listeners.size === 0) this.#remove(sessionId, buffer);
  }

  #dropOldest(buffer: SessionBuffer): void {
    const dropped = buffer.events.shift();
    if (!dropped) return;
    buffer.evicted = counterOf(dropped.id);
    const chars = buffer.sizes.shift() ?? 0;
    buffer.chars -= chars;
    this.#chars -= chars;
  }

  /** Drops least recently used buffers without listeners until the total fits (never `keep`). */
  #dropIdleBuffers(keep: SessionBuffer): void {
    for (const [id, candidate] of this.#sessions) {
      if (this.#chars <= this.#totalChars) return;
      if (candidate !== keep && candidate.listeners.size === 0) this.#remove(id, candidate);
    }
  }

  #remove(sessionId: string, buffer: SessionBuffer): void {
    this.#sessions.delete(sessionId);
    this.#chars -= buffer.chars;
  }

  #replay(buffer: SessionBuffer, lastEventId: string | undefined): ReplayResult {
    if (lastEventId === undefined || lastEventId === "") return { kind: "replay", events: [] };
    const [boot, count] = lastEventId.split(".");
    if (boot !== this.bootId || count === undefined || !/^\d+$/.test(count)) {
      return { kind: "reset", reason: "restarted" };
    }
    const last = Number(count);
    if (last > this.#counter) return { kind: "reset", reason: "restarted" };
    if (last < buffer.evicted) return { kind: "reset", reason: "expired" };
    return { kind: "replay", events: buffer.events.filter((e) => counterOf(e.id) > last) };
  }

  #buffer(sessionId: string): SessionBuffer {
    let buffer = this.#sessions.get(sessionId);
    if (buffer) {
      // Refresh recency for the LRU bound (the last one used is already the most recent).
      if (this.#recent !== sessionId) {
        this.#sessions.delete(sessionId);
        this.#sessions.set(sessionId, buffer);
        this.#recent = sessionId;
      }
      return buffer;
    }
    this.#recent = sessionId;
    // Events published before this buffer existed cannot be replayed.
    buffer = { events: [], sizes: [], chars: 0, evicted: this.#counter, listeners: new Set() };
    this.#sessions.set(sessionId, buffer);
    if (this.#sessions.size > EVENT_BUFFERED_SESSIONS) {
      for (const [id, candidate] of this.#sessions) {
        if (candidate.listeners.size === 0) {
          this.#remove(id, candidate);
          break;
        }
      }
    }
    return buffer;
  }
}

function counterOf(id: string): number {
  return Number(id.slice(id.indexOf(".") + 1));
}
