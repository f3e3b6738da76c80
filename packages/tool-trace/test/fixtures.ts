import { createHash } from "node:crypto";
import { MAX_TRACE_BYTES } from "@elowen/plugin-api/limits";
import type { ImageRef } from "@elowen/plugin-api/trace";
import {
  type ToolImageStore,
  type ToolTraceLog,
  TRACE_NOTE_MAX_CHARS,
  type TraceClock,
  type TraceIdMinter,
} from "../src/index.js";
import { jsonBytes } from "../src/json-size.js";

/** A clock the test moves by hand: wall time and monotonic time advance separately. */
export class ManualClock implements TraceClock {
  wall = 1_700_000_000_000;
  mono = 0;
  now(): number {
    return this.wall;
  }
  monotonic(): number {
    return this.mono;
  }
  advance(ms: number): void {
    this.wall += ms;
    this.mono += ms;
  }
}

/** The host's minter in tests: `row-1`, `row-2`, ... and a record of what it minted. */
export function countingMinter(prefix = "row"): TraceIdMinter & { minted: string[] } {
  const minted: string[] = [];
  const mint = () => {
    const id = `${prefix}-${minted.length + 1}`;
    minted.push(id);
    return id;
  };
  return Object.assign(mint, { minted });
}

/** A real content-addressed store in memory: SHA-256 of the bytes, refusing on demand. */
export class MemoryImageStore implements ToolImageStore {
  readonly blobs = new Map<string, Uint8Array>();
  failNext = 0;
  async put(bytes: Uint8Array, mimeType: string): Promise<ImageRef> {
    if (this.failNext > 0) {
      this.failNext--;
      throw new Error("disk full");
    }
    const hash = createHash("sha256").update(bytes).digest("hex");
    this.blobs.set(hash, bytes);
    return { hash, mimeType, bytes: bytes.byteLength };
  }
}

/** Lets queued continuations run when no timer is involved (faster than `flush`). */
export async function settleMicrotasks(): Promise<void> {
  for (let i = 0; i < 4; i++) await new Promise((resolve) => setImmediate(resolve));
}

/** A promise the test settles when it chooses. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets queued continuations run, including an asynchronous journal's zero-delay answers. */
export async function flush(): Promise<void> {
  for (let i = 0; i < 10; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}

/** A base64 PNG-ish payload whose bytes differ by `n`. */
export function imageData(n: number): string {
  return Buffer.from(`image-${n}`).toString("base64");
}

/**
 * Adds notes to `log` until exactly `free` bytes of its budget are left (reservations counted as
 * spent). `minter` is the counting minter the log draws from, so each note's cost is known.
 */
export function fillTo(log: ToolTraceLog, minter: { minted: string[] }, free: number): void {
  const left = () => MAX_TRACE_BYTES - log.usage().bytes - log.usage().reservedBytes;
  const overhead = () =>
    jsonBytes({
      id: `row-${minter.minted.length + 1}`,
      producerId: log.producerId,
      kind: "note",
      text: "",
    });
  for (;;) {
    const room = left() - free - overhead();
    if (room <= TRACE_NOTE_MAX_CHARS) break;
    log.sink.note("x".repeat(Math.min(TRACE_NOTE_MAX_CHARS, room - overhead() - 10)));
  }
  const last = left() - free - overhead();
  if (last < 0) throw new Error(`cannot fill to ${free} bytes free: only ${left()} are`);
  log.sink.note("y".repeat(last));
  if (left() !== free) throw new Error(`filled to ${left()} bytes free, not ${free}`);
}

/** What `run` threw (undefined when it returned). */
export function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}
