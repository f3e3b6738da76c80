import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { BlobStore } from "./blob-store.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("the file blob store", () => {
  test("names a blob's file by its hash and refuses any other name, so no path can escape", async () => {
    const dir = mkdtempSync(join(tmpdir(), "elowen-blobs-"));
    dirs.push(dir);
    const blobs = new BlobStore(dir);
    const { hash } = await blobs.put(new TextEncoder().encode("x"));
    expect(blobs.path(hash)).toBe(join(dir, hash.slice(0, 2), hash));
    expect(() => blobs.path("../../etc/passwd")).toThrow(/64 lowercase hex/);
  });
});
