import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach } from "vitest";

/** What `promise` rejected with; fails the test if it fulfilled instead. */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error("expected the operation to fail");
    },
    (error: unknown) => error,
  );
}

/** A fresh real directory for each test of the calling file, removed after it; read `path()`. */
export function tempDirPerTest(prefix: string): { path: () => string } {
  let dir = "";
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), prefix));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  return { path: () => dir };
}
