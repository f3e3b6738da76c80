import { describe, expect, test } from "vitest";
import { STORE_KINDS, useTestStore } from "../../../test/helpers/test-store.js";
import type { Store } from "../store.js";

const DAY_MS = 86_400_000;

/** Queues a job and fails its only attempt: it is kept as failed. Answers its `failedAt`. */
async function failedJob(store: Store, kind: string): Promise<number> {
  const job = await store.jobs.enqueue({ kind, payload: {}, maxAttempts: 1 });
  const claim = await store.jobs.claim([kind], 60_000);
  if (!claim) throw new Error(`job ${job.id} was not claimed`);
  expect(await store.jobs.fail(claim, "broke", { retryInMs: 0 })).toBe("failed");
  const kept = (await store.jobs.failed(kind)).find((j) => j.id === job.id);
  if (kept?.failedAt == null) throw new Error(`job ${job.id} was not kept as failed`);
  return kept.failedAt;
}

describe.each(STORE_KINDS)("pruning failed jobs (%s store)", (kind) => {
  const t = useTestStore(kind);

  test("deletes a job that failed before the cutoff and keeps one that failed at it", async () => {
    const at = await failedJob(t.store, "k");
    expect(await t.store.jobs.pruneFailed(at)).toBe(0);
    expect((await t.store.jobs.failed("k")).map((j) => j.lastError)).toEqual(["broke"]);
    expect(await t.store.jobs.pruneFailed(at + 1)).toBe(1);
    expect(await t.store.jobs.failed("k")).toEqual([]);
  });

  test("leaves queued and running jobs alone, however old", async () => {
    await t.store.jobs.enqueue({ kind: "queued", payload: {} });
    await t.store.jobs.enqueue({ kind: "running", payload: {} });
    await t.store.jobs.claim(["running"], 60_000);
    await failedJob(t.store, "failed");
    expect(await t.store.jobs.pruneFailed(Date.now() + 365 * DAY_MS)).toBe(1);
    expect((await t.store.jobs.pending()).map((j) => j.kind)).toEqual(["queued", "running"]);
  });
});
