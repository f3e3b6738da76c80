import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { record, summarize } from "@elowen/bench";
import { ElowenClient } from "@elowen/client";
import { benchDatabase, startInstance, stopInstance } from "./pg-fixtures.js";

// Failover: SESSIONS sessions each have a turn running on instance A (a tool that waits until
// aborted) and a next turn submitted through instance B, waiting behind it. A is killed with
// kill -9; the figure is the time from the kill to each session's next turn settling on B
// (median, and the slowest as p99), with `store.leaseMs` LEASE_MS: the lease has to run out
// before B may take A's sessions, so the figure is about the lease plus B's recovery.
const SESSIONS = 20;
const LEASE_MS = 2000;
const brainKit = join(import.meta.dirname, "..", "test", "fixtures", "plugins", "brain-kit");
const SLOW_FIRST =
  "turns:\n  - steps:\n      - tools: [{ name: Slow, args: {} }]\n      - text: never\n  - steps:\n      - text: taken over\n";

const database = await benchDatabase();
const a = await startInstance(database.url, SLOW_FIRST, {
  leaseMs: LEASE_MS,
  pluginDirs: [brainKit],
});
const b = await startInstance(database.url, SLOW_FIRST, {
  leaseMs: LEASE_MS,
  pluginDirs: [brainKit],
});
try {
  const viaA = new ElowenClient({ baseUrl: a.url, token: a.token });
  const viaB = new ElowenClient({ baseUrl: b.url, token: a.token });
  const sessions = await Promise.all(
    Array.from({ length: SESSIONS }, () => viaA.sessions.create()),
  );
  for (const session of sessions) await viaA.sessions.submitTurn(session.id, { text: "first" });
  // Each first turn has called Slow (its assistant entry is committed) before A dies.
  for (const session of sessions)
    for (;;) {
      const { entries } = await viaB.sessions.history(session.id);
      if (entries.some((e) => e.kind === "assistant")) break;
      await sleep(20);
    }
  const settledAt: number[] = [];
  const next = sessions.map((session) =>
    viaB.sessions.submitTurn(session.id, { text: "second", waitForSettle: true }).then((reply) => {
      if (reply.status !== "settled" || reply.outcome.reason !== "answer")
        throw new Error(`the next turn did not answer: ${JSON.stringify(reply)}`);
      settledAt.push(performance.now());
    }),
  );
  await sleep(200);
  const killed = performance.now();
  a.child.kill("SIGKILL");
  await Promise.all(next);
  const times = summarize(settledAt.map((t) => t - killed));
  record({
    name: `failover, kill -9 to the next turn of each of its ${SESSIONS} sessions settling on another instance, leaseMs ${LEASE_MS}`,
    unit: "ms",
    value: Math.round(times.p50),
    p99: Math.round(times.max),
    target: `measured (bounded by the lease, ${LEASE_MS} ms, plus recovery)`,
  });
} finally {
  a.child.kill("SIGKILL");
  await stopInstance(b);
  await database.drop();
}
