import { record, summarize } from "@elowen/bench";
import { ElowenClient } from "@elowen/client";
import { type BenchInstance, benchDatabase, startInstance, stopInstance } from "./pg-fixtures.js";

// Turns per second with 1, 2 and 3 daemon instances (the built binary, each its own process) on
// loopback against one PostgreSQL database: SESSIONS sessions of TURNS_PER_SESSION turns on the
// offline model, AT_ONCE sessions at a time, each session's turns submitted round-robin through
// the instances (so most turns run on an instance other than the previous turn's). Each
// configuration gets a fresh database. Latency is submit to settle over HTTP (`waitForSettle`).
// On a machine with fewer cores than instances the ratio measures contention, not scale-out:
// the core count is printed with it.
const SESSIONS = 200;
const TURNS_PER_SESSION = 3;
const AT_ONCE = 50;
const SCRIPT = `turns:\n${"  - steps:\n      - text: The work is done.\n".repeat(TURNS_PER_SESSION)}`;

async function run(instances: number) {
  const database = await benchDatabase();
  const started: BenchInstance[] = [];
  try {
    // The first instance migrates; the others join the migrated database.
    started.push(await startInstance(database.url, SCRIPT));
    for (let i = 1; i < instances; i += 1) started.push(await startInstance(database.url, SCRIPT));
    const token = started[0]?.token as string;
    const clients = started.map((s) => new ElowenClient({ baseUrl: s.url, token }));
    const client = (n: number) => clients[n % clients.length] as ElowenClient;
    const sessions = await Promise.all(
      Array.from({ length: SESSIONS }, (_, n) => client(n).sessions.create()),
    );
    const latencies: number[] = [];
    let next = 0;
    const worker = async () => {
      for (let s = next++; s < SESSIONS; s = next++) {
        const id = sessions[s]?.id as string;
        for (let t = 0; t < TURNS_PER_SESSION; t += 1) {
          const begun = performance.now();
          const reply = await client(s + t).sessions.submitTurn(id, {
            text: `turn ${t}`,
            waitForSettle: true,
          });
          latencies.push(performance.now() - begun);
          if (reply.status !== "settled" || reply.outcome.reason !== "answer")
            throw new Error(`turn ${t} of session ${s} did not answer: ${JSON.stringify(reply)}`);
        }
      }
    };
    const wall = performance.now();
    await Promise.all(Array.from({ length: AT_ONCE }, worker));
    const seconds = (performance.now() - wall) / 1000;
    return { turnsPerSecond: (SESSIONS * TURNS_PER_SESSION) / seconds, ...summarize(latencies) };
  } finally {
    for (const instance of started) await stopInstance(instance);
    await database.drop();
  }
}

const label = `${SESSIONS} sessions x ${TURNS_PER_SESSION} turns, ${AT_ONCE} at once, offline model`;
const results = new Map<number, Awaited<ReturnType<typeof run>>>();
for (const n of [1, 2, 3]) {
  const result = await run(n);
  results.set(n, result);
  record({
    name: `turns per second, ${n} instance(s) on one PostgreSQL database, ${label}`,
    unit: "turns/s",
    value: Number(result.turnsPerSecond.toFixed(1)),
  });
  record({
    name: `turn latency submit to settle, ${n} instance(s) on one PostgreSQL database, ${label}`,
    unit: "ms",
    value: Number(result.p50.toFixed(1)),
    p99: Number(result.p99.toFixed(1)),
  });
}
const one = results.get(1)?.turnsPerSecond ?? Number.NaN;
const three = results.get(3)?.turnsPerSecond ?? Number.NaN;
record({
  name: `turns per second, 3 instances / 1 instance, ${label}`,
  unit: "ratio",
  value: Number((three / one).toFixed(3)),
  target: `measured on ${(await import("node:os")).availableParallelism()} core(s)`,
});
