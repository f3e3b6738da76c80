/**
 * Text that grows by appends but keeps at most `max` characters: the first half and the latest
 * half, with the characters dropped between them counted. Long console output keeps both how it
 * started and how it ended.
 */
export class BoundedText {
  private head = "";
  private tail: string[] = [];
  private tailLength = 0;
  private dropped = 0;
  private readonly headMax: number;
  private readonly tailMax: number;

  constructor(max: number) {
    this.headMax = Math.ceil(max / 2);
    this.tailMax = Math.floor(max / 2);
  }

  /** Characters appended but no longer held. */
  get omitted(): number {
    return this.dropped;
  }

  /** True when nothing was appended since the last {@link take}. */
  get isEmpty(): boolean {
    return this.head === "" && this.tailLength === 0 && this.dropped === 0;
  }

  /** Appends text. */
  append(text: string): void {
    if (text === "") return;
    let rest = text;
    if (this.head.length < this.headMax && this.tailLength === 0 && this.dropped === 0) {
      const room = this.headMax - this.head.length;
      this.head += rest.slice(0, room);
      rest = rest.slice(room);
      if (rest === "") return;
    }
    this.tail.push(rest);
    this.tailLength += rest.length;
    while (this.tailLength > this.tailMax) {
      const first = this.tail[0] ?? "";
      const excess = this.tailLength - this.tailMax;
      if (first.length <= excess) {
        this.tail.shift();
        this.tailLength -= first.length;
        this.dropped += first.length;
      } else {
        this.tail[0] = first.slice(excess);
        this.tailLength -= excess;
        this.dropped += excess;
      }
    }
  }

  /** Counts characters dropped before they reached this buffer. */
  addOmitted(count: number): void {
    this.dropped += count;
  }

  /** Returns the held text and the omitted count, and empties the buffer. */
  take(): { readonly text: string; readonly omitted: number } {
    const taken = { text: this.head + this.tail.join(""), omitted: this.dropped };
    this.head = "";
    this.tail = [];
    this.tailLength = 0;
    this.dropped = 0;
    return taken;
  }

  /** The held text with a visible marker where characters were omitted, and empties the buffer. */
  takeMarked(what: string): string {
    const head = this.head;
    const tail = this.tail.join("");
    const omitted = this.dropped;
    this.take();
    if (omitted === 0) return head + tail;
    return `${head}\n[… ${omitted} characters of ${what} omitted …]\n${tail}`;
  }
}
