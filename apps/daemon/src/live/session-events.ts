import { randomBytes } from "node:crypto";
import type { SessionEvent } from "@elowen/client";

/** How many events each session keeps for replay after a reconnect (ours). */
export const EVENT_REPLAY_BUFFER = 1000;
/** How many sessions keep a replay buffer at once; the least recently used is dropped (ours). */
export const EVENT_BUFFERED_SESSIONS = 1000;

/** A listener of one session's live events. */
export type SessionEventListener = (event: SessionEvent) => void;

/** What a new subscription gets: the events to replay first, or a reset to reload history. */
export type ReplayResult =
  | { readonly kind: "replay"; readonly events: readonly SessionEvent[] }
  | { readonly kind: "reset"; readonly reason: "restarted" | "expired" };

interface SessionBuffer {
  events: SessionEvent[];
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
  readonly #bufferSize: number;

  constructor(options: { readonly bufferSize?: number; readonly bootId?: string } = {}) {
    this.bootId = options.bootId ?? randomBytes(4).toString("hex");
    this.#bufferSize = options.bufferSize ?? EVENT_REPLAY_BUFFER;
  }

  /** Publishes an event to the session's listeners and its replay buffer. */
  publish(sessionId: string, type: string, data: unknown): SessionEvent {
    this.#counter += 1;
    const event: SessionEvent = { id: `${this.bootId}.${this.#counter}`, type, data };
    const buffer = this.#buffer(sessionId);
    buffer.events.push(event);
    if (buffer.events.length > this.#bufferSize) {
      const dropped = buffer.events.shift();
      if (dropped) buffer.evicted = counterOf(dropped.id);
    }
    for (const listener of buffer.listeners) listener(event);
    return event;
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
    if (buffer && buffer.listeners.size === 0) this.#sessions.delete(sessionId);
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
      // Refresh recency for the LRU bound.
      this.#sessions.delete(sessionId);
      this.#sessions.set(sessionId, buffer);
      return buffer;
    }
    // Events published before this buffer existed cannot be replayed.
    buffer = { events: [], evicted: this.#counter, listeners: new Set() };
    this.#sessions.set(sessionId, buffer);
    if (this.#sessions.size > EVENT_BUFFERED_SESSIONS) {
      for (const [id, candidate] of this.#sessions) {
        if (candidate.listeners.size === 0) {
          this.#sessions.delete(id);
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
