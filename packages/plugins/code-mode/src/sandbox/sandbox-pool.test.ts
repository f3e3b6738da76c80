import { ElowenError, isElowenError } from "@elowen/plugin-shared/errors";
import { describe, expect, test } from "vitest";
import { SandboxPool, SandboxPoolFullError } from "./sandbox-pool.js";

// Neither refusal starts a worker thread: both are decided before one would be taken.
describe("SandboxPool refusals", () => {
  test("a pool with no room refuses with SandboxPoolFullError, code code_mode.pool_full", async () => {
    const pool = new SandboxPool({ maxWorkers: 0, warmWorkers: 0, heapLimitMb: 64 });
    const refused = pool.acquire();
    await expect(refused).rejects.toBeInstanceOf(SandboxPoolFullError);
    await expect(refused).rejects.toBeInstanceOf(ElowenError);
    await expect(refused).rejects.toMatchObject({
      name: "SandboxPoolFullError",
      code: "code_mode.pool_full",
      message:
        "0 cells are already running, the most this host runs at once (maxWorkers); wait for a running cell to finish first",
    });
    pool.close();
  });

  test("a closed pool refuses with code code_mode.pool_closed", async () => {
    const pool = new SandboxPool({ maxWorkers: 1, warmWorkers: 0, heapLimitMb: 64 });
    pool.close();
    const error = await pool.acquire().catch((caught: unknown) => caught);
    expect(isElowenError(error, "code_mode.pool_closed")).toBe(true);
    expect(error).toMatchObject({ message: "the code-mode sandbox pool is closed" });
  });
});
