import { createHash } from "node:crypto";
import type { ImageRef } from "@elowen/plugin-api";
import type { ToolImageStore, TraceClock, TraceIdMinter } from "../src/index.js";

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

/** Lets every queued microtask and timer-free continuation run. */
export async function flush(): Promise<void> {
  for (let i = 0; i < 10; i++) await new Promise((resolve) => setImmediate(resolve));
}

/** A base64 PNG-ish payload whose bytes differ by `n`. */
export function imageData(n: number): string {
  return Buffer.from(`image-${n}`).toString("base64");
}
