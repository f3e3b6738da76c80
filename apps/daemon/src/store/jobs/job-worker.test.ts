import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { openSqliteStore } from "../sqlite/sqlite-store.js";
import type { Store } from "../store.js";
import { JobWorker } from "./job-worker.js";

const dirs: string[] = [];
const stores: Store[] = [];
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function storeAt(now: () => number): Store {
  const dir = mkdtempSync(join(tmpdir(), "elowen-worker-"));
  dirs.push(dir);
  const store = openSqliteStore({ file: join(dir, "elowen.db"), now });
  stores.push(store);
  return store;
}

describe("the job worker", () => {
  test("never claims again a job it is still running, even once its lock lapsed", async () => {
    let clock = 1_000_000;
    const store = storeAt(() => clock);
    const runs: number[] = [];
    let finish = () => undefined as void;
    const held = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const worker = new JobWorker({
      queue: store.jobs,
      handlers: {
        k: async (job) => {
          runs.push(job.attempts);
          await held;
        },
      },
      concurrency: 2,
      lockMs: 60_000,
      pollMs: 60_000,
      log: () => undefined,
    });
    await store.jobs.enqueue({ kind: "k", payload: {} });
    worker.start();
    while (runs.length === 0) await new Promise((resolve) => setImmediate(resolve));
    // The lock lapses (a stalled process) while the job still runs here; the worker looks again.
    clock += 60_001;
    worker.wake();
    await new Promise((resolve) => setTimeout(resolve, 50));
    finish();
    await worker.drain();
    worker.stop();
    expect(runs).toEqual([1]);
    expect(await store.jobs.pending()).toEqual([]);
  });

  test("a run whose claim was taken again cannot complete its job: the newer claim does", async () => {
    let clock = 1_000_000;
    const store = storeAt(() => clock);
    const job = await store.jobs.enqueue({ kind: "k", payload: {} });
    const first = await store.jobs.claim(["k"], 1000);
    clock += 1001;
    const second = await store.jobs.claim(["k"], 1000);
    if (!first || !second) throw new Error("the job was not claimed twice");
    expect([first.attempts, second.attempts]).toEqual([1, 2]);
    expect(await store.jobs.holds(first)).toBe(false);
    expect(await store.jobs.extend(first, 1000)).toBe(false);
    expect(await store.jobs.complete(first)).toBe(false);
    expect(await store.jobs.fail(first, "late", { retryInMs: 0 })).toBe("lost");
    expect(await store.jobs.holds(second)).toBe(true);
    expect(await store.jobs.complete(second)).toBe(true);
    expect(await store.jobs.pending()).toEqual([]);
    expect(job.id).toBe(second.id);
  });
});
