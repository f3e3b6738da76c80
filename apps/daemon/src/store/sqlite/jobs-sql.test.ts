import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { Store } from "../store.js";
import { openSqliteStore } from "./sqlite-store.js";

let dir: string;
let store: Store;
let clock = 1_000_000;
const now = () => clock;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "elowen-jobs-"));
  store = openSqliteStore({ file: join(dir, "elowen.db"), now });
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("the SQLite job queue", () => {
  test("claims each job once, locks it, and removes it when it ran", async () => {
    const job = await store.jobs.enqueue({ kind: "k", payload: { n: 1 } });
    expect(job).toMatchObject({ kind: "k", payload: { n: 1 }, attempts: 0, maxAttempts: 3 });
    const claimed = await store.jobs.claim(["k"], 1000);
    expect(claimed).toMatchObject({ id: job.id, attempts: 1, lockedUntil: clock + 1000 });
    expect(await store.jobs.claim(["k"], 1000)).toBeUndefined();
    expect(await store.jobs.claim(["other"], 1000)).toBeUndefined();
    expect(await store.jobs.complete({ id: job.id, attempts: 1 })).toBe(true);
    expect(await store.jobs.pending()).toEqual([]);
  });

  test("retries after the backoff up to max_attempts, then keeps the job as failed with its error", async () => {
    const job = await store.jobs.enqueue({ kind: "k", payload: {}, maxAttempts: 2 });
    await store.jobs.claim(["k"], 1000);
    expect(await store.jobs.fail({ id: job.id, attempts: 1 }, "first", { retryInMs: 500 })).toBe(
      "retrying",
    );
    expect(await store.jobs.claim(["k"], 1000)).toBeUndefined();
    clock += 500;
    expect(await store.jobs.claim(["k"], 1000)).toMatchObject({ attempts: 2, lastError: "first" });
    expect(await store.jobs.fail({ id: job.id, attempts: 2 }, "second", { retryInMs: 500 })).toBe(
      "failed",
    );
    clock += 1000;
    expect(await store.jobs.claim(["k"], 1000)).toBeUndefined();
    expect(await store.jobs.failed("k")).toMatchObject([
      { id: job.id, attempts: 2, lastError: "second", failedAt: clock - 1000 },
    ]);
  });

  test("a job whose lock ran out is claimable again; one key's jobs run one at a time", async () => {
    const first = await store.jobs.enqueue({ kind: "k", key: "s", payload: 1 });
    const second = await store.jobs.enqueue({ kind: "k", key: "s", payload: 2 });
    expect(await store.jobs.claim(["k"], 100)).toMatchObject({ id: first.id });
    expect(await store.jobs.claim(["k"], 100)).toBeUndefined();
    clock += 101;
    expect(await store.jobs.claim(["k"], 100)).toMatchObject({ id: first.id, attempts: 2 });
    // The first claim is fenced: its attempt is no longer the job's.
    expect(await store.jobs.complete({ id: first.id, attempts: 1 })).toBe(false);
    expect(await store.jobs.complete({ id: first.id, attempts: 2 })).toBe(true);
    expect(await store.jobs.claim(["k"], 100)).toMatchObject({ id: second.id });
  });

  test("a job the previous process held is claimed at the next start", async () => {
    const job = await store.jobs.enqueue({ kind: "k", payload: {} });
    await store.jobs.claim(["k"], 60_000);
    await store.close();
    store = openSqliteStore({ file: join(dir, "elowen.db"), now });
    expect(await store.jobs.claim(["k"], 60_000)).toMatchObject({ id: job.id, attempts: 2 });
  });
});
