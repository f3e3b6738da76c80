import { ToolTraceError } from "./errors.js";
import type { TraceIdMinter } from "./types.js";

const MAX_ID_CHARS = 128;

/**
 * Wraps the host's minter so that every id it hands out is checked: a string of 1 to 128
 * characters, never seen before in `seen` (shared by every log of a turn). A bad or repeated id
 * throws a `ToolTraceError` (`invalid-id`, `duplicate-id`) before anything is recorded: ids are
 * the host's, never renamed or recomputed here.
 */
export function checkedMinter(mint: TraceIdMinter, seen: Set<string> = new Set()): () => string {
  return () => {
    const id: unknown = mint();
    if (typeof id !== "string" || id.length === 0 || id.length > MAX_ID_CHARS)
      throw new ToolTraceError(
        "invalid-id",
        `the id minter returned ${JSON.stringify(id)}; ids are strings of 1 to ${MAX_ID_CHARS} characters`,
      );
    if (seen.has(id))
      throw new ToolTraceError(
        "duplicate-id",
        `the id minter returned "${id}" twice; every row and note needs a fresh id`,
      );
    seen.add(id);
    return id;
  };
}

/** A minter of random UUIDs (`crypto.randomUUID`), for hosts without their own. */
export function randomIdMinter(): TraceIdMinter {
  return () => crypto.randomUUID();
}
