import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { JobRecord } from "../src/store/jobs/job-queue.js";
import { FinalJobError, JobWorker } from "../src/store/jobs/job-worker.js";
import { PgInstanceLease } from "../src/store/postgres/instance-lease-pg.js";
import { openPostgresStore, type PostgresStore } from "../src/store/postgres/postgres-store.js";
import { useTestDatabase } from "./helpers/test-database.js";

const database = useTestDatabase();
const opened: PostgresStore[] = [];
const leases: PgInstanceLease[] = [];
const quiet = () => undefined;

/** A store of its own instance, alive: its lease row is in `instances` and beats. */
async function instance(id: string, leaseMs = 10_000): Promise<PostgresStore> {
  const store = await openPostgresStore({ url: database.url, poolSize: 4, instanceId: id });
  opened.push(store);
  const lease = new PgInstanceLease(store.pool, id, leaseMs, quiet);
  await lease.start();
  leases.push(lease);
  return store;
}

/** A store whose instance joined without a heartbeat: its lease runs out when {@link lapse}d. */
async function dyingInstance(id: string, leaseMs = 60_000): Promise<PostgresStore> {
  const store = await openPostgresStore({ url: database.url, poolSize: 2, instanceId: id });
  opened.push(store);
  await store.pool.query(
    "INSERT INTO instances (id, expires_at) VALUES ($1, clock_timestamp() + $2 * interval '1 millisecond')",
    [id, leaseMs],
  );
  return store;
}

/** The instance's lease runs out now, as when it stopped beating (killed) for a whole lease. */
async function lapse(store: PostgresStore): Promise<void> {
  await store.pool.query(
    "UPDATE instances SET expires_at = clock_timestamp() - interval '1 millisecond' WHERE id = $1",
    [store.instanceId],
  );
}

beforeEach(async () => {
  const store = await openPostgresStore({ url: database.url, poolSize: 1 });
  await store.pool.query("TRUNCATE jobs, instances RESTART IDENTITY CASCADE");
  await store.close();
});
afterEach(async () => {
  for (const lease of leases.splice(0)) await lease.stop();
  for (const store of opened.splice(0)) await store.close();
});

describe("the PostgreSQL job queue", () => {
  test("two instances claiming concurrently never get the same job, and together get them all", async () => {
    const [a, b] = [await instance("i-a"), await instance("i-b")];
    const total = 200;
    await Promise.all(
      Array.from({ length: total }, (_, n) => a.jobs.enqueue({ kind: "k", payload: { n } })),
    );
    const claimedBy = new Map<number, string>();
    const duplicates: number[] = [];
    const claimer = async (store: PostgresStore) => {
      for (;;) {
        const job = await store.jobs.claim(["k"], 60_000);
        if (!job) return;
        if (claimedBy.has(job.id)) duplicates.push(job.id);
        claimedBy.set(job.id, store.instanceId);
        expect(await store.jobs.complete(job)).toBe(true);
      }
    };
    // Three claimers per instance, each on its own pooled connection.
    await Promise.all([a, a, a, b, b, b].map(claimer));
    expect(duplicates).toEqual([]);
    expect(claimedBy.size).toBe(total);
    const by = [...claimedBy.values()];
    expect(by.filter((id) => id === "i-a").length).toBeGreaterThan(0);
    expect(by.filter((id) => id === "i-b").length).toBeGreaterThan(0);
    expect(await a.jobs.pending()).toEqual([]);
  });

  test("a job claimed by an instance whose lease lapsed is claimed by another, and the dead holder can no longer complete it", async () => {
    const dead = await dyingInstance("i-dead");
    const live = await instance("i-live");
    const queued = await dead.jobs.enqueue({ kind: "k", payload: { x: 1 } });
    const first = await dead.jobs.claim(["k"], 60_000);
    expect(first).toMatchObject({ id: queued.id, lockedBy: "i-dead", attempts: 1 });
    // Its lock has a minute to run, and its holder is alive: nobody else gets it.
    expect(await live.jobs.claim(["k"], 60_000)).toBeUndefined();
    await lapse(dead);
    const second = await live.jobs.claim(["k"], 60_000);
    expect(second).toMatchObject({
      id: queued.id,
      lockedBy: "i-live",
      attempts: 2,
      payload: { x: 1 },
    });
    const deadClaim = { id: queued.id, attempts: 1 };
    expect(await dead.jobs.holds(deadClaim)).toBe(false);
    expect(await dead.jobs.extend(deadClaim, 60_000)).toBe(false);
    expect(await dead.jobs.complete(deadClaim)).toBe(false);
    expect(await dead.jobs.fail(deadClaim, "late", { retryInMs: 0 })).toBe("lost");
    expect(await live.jobs.holds({ id: queued.id, attempts: 2 })).toBe(true);
    expect(await live.jobs.complete({ id: queued.id, attempts: 2 })).toBe(true);
    expect(await live.jobs.pending()).toEqual([]);
  });

  test("a job whose lock ran out is claimable again though its holder lives; extending the lock keeps it", async () => {
    const [a, b] = [await instance("i-a"), await instance("i-b")];
    const one = await a.jobs.enqueue({ kind: "k", payload: 1 });
    await a.jobs.claim(["k"], 200);
    await sleep(100);
    expect(await a.jobs.extend({ id: one.id, attempts: 1 }, 60_000)).toBe(true);
    await sleep(200);
    expect(await b.jobs.claim(["k"], 60_000)).toBeUndefined();
    const two = await a.jobs.enqueue({ kind: "k", payload: 2 });
    await a.jobs.claim(["k"], 100);
    await sleep(200);
    expect(await b.jobs.claim(["k"], 60_000)).toMatchObject({ id: two.id, lockedBy: "i-b" });
  });

  test("a failed attempt is retried after its backoff, up to max_attempts, then kept as failed with its error", async () => {
    const a = await instance("i-a");
    const job = await a.jobs.enqueue({ kind: "k", payload: {}, maxAttempts: 3 });
    for (const attempt of [1, 2]) {
      const claimed = await a.jobs.claim(["k"], 60_000);
      expect(claimed).toMatchObject({ id: job.id, attempts: attempt });
      expect(
        await a.jobs.fail({ id: job.id, attempts: attempt }, `boom ${attempt}`, {
          retryInMs: 1000,
        }),
      ).toBe("retrying");
      // Not due before its backoff has passed.
      expect(await a.jobs.claim(["k"], 60_000)).toBeUndefined();
      await sleep(1100);
    }
    expect(await a.jobs.claim(["k"], 60_000)).toMatchObject({ attempts: 3, lastError: "boom 2" });
    expect(await a.jobs.fail({ id: job.id, attempts: 3 }, "boom 3", { retryInMs: 0 })).toBe(
      "failed",
    );
    expect(await a.jobs.claim(["k"], 60_000)).toBeUndefined();
    expect(await a.jobs.pending()).toEqual([]);
    const [kept] = await a.jobs.failed("k");
    expect(kept).toMatchObject({ id: job.id, attempts: 3, lastError: "boom 3", lockedBy: null });
    expect(kept?.failedAt).toEqual(expect.any(Number));
  });

  test("a job whose holder died during its last attempt is kept as failed, saying so", async () => {
    const dead = await dyingInstance("i-dead");
    const live = await instance("i-live");
    const job = await dead.jobs.enqueue({ kind: "k", payload: {}, maxAttempts: 1 });
    await dead.jobs.claim(["k"], 60_000);
    await lapse(dead);
    expect(await live.jobs.claim(["k"], 60_000)).toBeUndefined();
    expect(await live.jobs.failed()).toMatchObject([
      { id: job.id, lastError: "its holder i-dead stopped during its last attempt" },
    ]);
  });

  test("jobs of one key run one at a time, in order, whichever instance claims", async () => {
    const [a, b] = [await instance("i-a"), await instance("i-b")];
    const first = await a.jobs.enqueue({ kind: "k", key: "s1", payload: 1 });
    const second = await a.jobs.enqueue({ kind: "k", key: "s1", payload: 2 });
    const other = await a.jobs.enqueue({ kind: "k", key: "s2", payload: 3 });
    expect(await a.jobs.claim(["k"], 60_000)).toMatchObject({ id: first.id });
    expect(await b.jobs.claim(["k"], 60_000)).toMatchObject({ id: other.id });
    expect(await b.jobs.claim(["k"], 60_000)).toBeUndefined();
    await a.jobs.complete({ id: first.id, attempts: 1 });
    expect(await b.jobs.claim(["k"], 60_000)).toMatchObject({ id: second.id });
  });

  test("an enqueue on one instance wakes the others (NOTIFY)", async () => {
    const [a, b] = [await instance("i-a"), await instance("i-b")];
    const woken = new Promise<void>((resolve) => b.jobs.onEnqueued(resolve));
    await a.jobs.enqueue({ kind: "k", payload: {} });
    await woken;
  });

  test("a worker retries a failing handler with backoff until it succeeds; a FinalJobError is kept at once", async () => {
    const a = await instance("i-a");
    const seen: number[] = [];
    const worker = new JobWorker({
      queue: a.jobs,
      handlers: {
        flaky: async (job: JobRecord) => {
          seen.push(job.attempts);
          if (job.attempts < 3) throw new Error(`attempt ${job.attempts} failed`);
        },
        doomed: async () => {
          throw new FinalJobError("cannot succeed");
        },
      },
      concurrency: 2,
      lockMs: 60_000,
      pollMs: 20,
      backoffMs: () => 30,
      log: quiet,
    });
    worker.start();
    await a.jobs.enqueue({ kind: "flaky", payload: {}, maxAttempts: 5 });
    await a.jobs.enqueue({ kind: "doomed", payload: {}, maxAttempts: 5 });
    for (let i = 0; i < 200 && (await a.jobs.pending()).length > 0; i += 1) await sleep(20);
    worker.stop();
    await worker.drain();
    expect(seen).toEqual([1, 2, 3]);
    expect(await a.jobs.pending()).toEqual([]);
    expect(await a.jobs.failed()).toMatchObject([
      { kind: "doomed", attempts: 1, lastError: "cannot succeed" },
    ]);
  });
});
