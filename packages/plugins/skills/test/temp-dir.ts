import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { onTestFinished } from "vitest";

/** A fresh directory under the system temp dir, removed when the current test finishes. */
export async function tempDir(prefix = "plugin-skills-"): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** An error carrying Node's errno fields, as a failed system call throws it. */
export function errnoError(code: string, errno: number, syscall: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: ${syscall} failed`), { code, errno, syscall });
}
