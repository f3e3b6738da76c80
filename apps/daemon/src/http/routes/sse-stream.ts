import type { ServerResponse } from "node:http";

/**
 * One SSE response as the daemon writes it. Live frames are queued and written together once per
 * turn of the event loop (`setImmediate`), so a burst of small events is one write and the
 * socket is uncorked between bursts instead of holding everything until the publisher stops.
 * The slow-reader cap measures what the client has not taken: the bytes still waiting in the
 * response from earlier writes when the next one is due (by then the loop has given the kernel
 * the chance to take them). A reader that keeps up is never cut, however large the burst; one
 * that stops reading is cut once its backlog passes `maxPendingBytes`.
 */
export class SseStream {
  readonly #raw: ServerResponse;
  readonly #maxPendingBytes: number;
  #queued: string[] = [];
  #scheduled = false;
  /** Bytes written uncapped (the replay): a reconnect is never cut for the replay it asked for. */
  #exempt = 0;

  constructor(raw: ServerResponse, maxPendingBytes: number) {
    this.#raw = raw;
    this.#maxPendingBytes = maxPendingBytes;
  }

  /** Writes at once, uncapped: the stream's opening lines and a replay (bounded by its buffer). */
  writeNow(text: string): void {
    if (this.#raw.destroyed) return;
    this.#exempt += Buffer.byteLength(text);
    this.#raw.write(text);
  }

  /** Queues a live frame; it goes out with the others of this turn of the event loop. */
  push(frame: string): void {
    if (this.#raw.destroyed) return;
    this.#queued.push(frame);
    if (this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(() => this.#flush());
  }

  #flush(): void {
    this.#scheduled = false;
    const raw = this.#raw;
    const text = this.#queued.length === 1 ? (this.#queued[0] as string) : this.#queued.join("");
    this.#queued = [];
    if (raw.destroyed) return;
    // What earlier writes left untaken: the client's backlog, before this write adds to it.
    if (raw.writableLength > this.#maxPendingBytes + this.#exempt) {
      raw.destroy();
      return;
    }
    raw.write(text);
  }
}
