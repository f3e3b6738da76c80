import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { openSqliteStore } from "../sqlite/sqlite-store.js";
import { startFailedJobPrune } from "./failed-job-prune.js";

const DAY_MS = 86_400_000;
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe("the failed job prune", () => {
  test("at start deletes failures older than the retention, keeping one exactly that old", async () => {
    const dir = mkdtempSync(join(tmpdir(), "elowen-prune-"));
    dirs.push(dir);
    let clock = 1_000_000_000;
    const store = openSqliteStore({ file: join(dir, "elowen.db"), now: () => clock });
    for (const kind of ["old", "limit"]) {
      await store.jobs.enqueue({ kind, payload: {}, maxAttempts: 1 });
      const claim = await store.jobs.claim([kind], 1000);
      if (claim) await store.jobs.fail(claim, "broke", { retryInMs: 0 });
      clock += 1;
    }
    // "old" failed 3 days + 1 ms ago, "limit" exactly 3 days ago.
    clock = clock - 1 + 3 * DAY_MS;
    const logged: string[] = [];
    const prune = startFailedJobPrune(
      store.jobs,
      { failedRetentionDays: 3 },
      () => clock,
      (m) => logged.push(m),
    );
    prune.stop();
    await new Promise((resolve) => setImmediate(resolve));
    expect((await store.jobs.failed()).map((j) => j.kind)).toEqual(["limit"]);
    expect(logged).toEqual(["deleted 1 failed job(s) kept longer than 3 day(s)"]);
    await store.close();
  });
});
