import { existsSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { ElowenClient } from "@elowen/client";
import { describe, expect, test } from "vitest";
import { postgresProcesses } from "./helpers/postgres-processes.js";
import { probeRuns } from "./helpers/review-daemon.js";
import { openConnections, queryRows, useTestDatabase } from "./helpers/test-database.js";

const database = useTestDatabase();
const startProcess = postgresProcesses(database);

// Two turns, each with a successful call: each is offered to the reviewer.
const SCRIPT = `turns:
  - steps:
      - tools: [{ name: Weather, args: { city: Oslo } }]
      - text: "Sunny."
  - steps:
      - tools: [{ name: Weather, args: { city: Bergen } }]
      - text: "Rainy."
review: '{"proposals":[]}'
`;

/** One daemon process on the shared database with the review probe; `stall` holds every review. */
function startInstance(stall: boolean) {
  return startProcess({
    script: SCRIPT,
    plugins: ["brain-kit", "review-probe"],
    pluginLines: [
      "  consent: { brain-kit: { mutates: [tools] } }",
      `  settings: { acme-review-probe: { stall: ${stall} } }`,
    ],
  });
}

/** A client that types on the web surface (only a person's turns are offered for review). */
function webClient(url: string, token: string): ElowenClient {
  return new ElowenClient({
    baseUrl: url,
    token,
    fetch: (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set("x-elowen-surface", "web");
      return fetch(input, { ...init, headers });
    },
  });
}

function jobs() {
  return queryRows<{ kind: string; locked_by: string | null; failed_at: Date | null }>(
    database.url,
    "SELECT kind, locked_by, failed_at FROM jobs ORDER BY id",
  );
}

async function until<T>(what: string, read: () => T | Promise<T>, ok: (value: T) => boolean) {
  for (let i = 0; i < 600; i += 1) {
    const value = await read();
    if (ok(value)) return value;
    await sleep(100);
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe("the skill reviewer's queue across daemon processes", () => {
  test("kill -9 of the instance running a review: another instance runs it and the one queued behind it", async () => {
    const a = await startInstance(true);
    const viaA = webClient(a.url, a.token);
    const session = await viaA.sessions.create();
    await viaA.sessions.submitTurn(session.id, { text: "Oslo?", waitForSettle: true });
    const stalled = join(a.home, "plugins-data", "acme-review-probe", "stalled.jsonl");
    await until("A to start the first review", () => existsSync(stalled), Boolean);
    // The second turn's review queues behind the first: one session's reviews never overlap.
    await viaA.sessions.submitTurn(session.id, { text: "Bergen?", waitForSettle: true });
    await until("the second review to be queued", jobs, (rows) => rows.length === 2);

    const b = await startInstance(false);
    // A holds the first review and is alive: B runs nothing of this session yet.
    await sleep(1500);
    expect(probeRuns(b.home)).toEqual([]);
    expect((await jobs()).map((j) => j.locked_by === null)).toEqual([false, true]);

    a.child.process.kill("SIGKILL");
    expect(await a.child.exited()).toEqual({ code: null, signal: "SIGKILL" });
    await until("B to run both reviews", jobs, (rows) => rows.length === 0).catch(
      (error: unknown) => {
        throw new Error(`${String(error)}\nB: ${b.child.stderr()}`);
      },
    );
    // Each review runs once: should B's own lease lapse between heartbeats on a loaded machine,
    // B never claims again a job it is running, and a claim taken over elsewhere is fenced by its
    // attempt (the stale run is stopped and its completion refused).
    const runs = probeRuns(b.home);
    // The first review's source moved on (the second turn): it is skipped as stale, not lost.
    // The second is sent by B from the request A pinned: the offline model's API has one name in
    // every process (OFFLINE_API), so B serves it and the review completes.
    expect(runs.map((r) => r.outcome)).toEqual([
      { status: "skipped", reason: "stale-source" },
      { status: "completed", text: '{"proposals":[]}' },
    ]);
    expect(runs.map((r) => r.successfulToolCalls)).toEqual([1, 1]);
    expect(probeRuns(a.home)).toEqual([]);
    expect(await jobs()).toEqual([]);

    b.child.process.kill("SIGTERM");
    expect(await b.child.exited()).toEqual({ code: 0, signal: null });
    expect(await openConnections(database.name)).toBe(0);
  }, 280_000);
});
