import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { record } from "@elowen/bench";
import { benchDaemon } from "./turn-fixtures.js";

// Heap growth of a long-running daemon: one turn in each of many sessions (a new session every
// turn, as a busy multi-user daemon sees them), measured after a full collection once the first
// WARM sessions have run and again after SESSIONS more. With `brain.sessionsKept` at KEPT the idle
// sessions past it are evicted; the peer is the same daemon keeping every session in memory.
const KEPT = 64;
const WARM = 200;
const SESSIONS = 1000;
const home = mkdtempSync(join(tmpdir(), "elowen-memory-bench-"));
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with --expose-gc (elowen-bench does)");

async function growthPerSession(sessionsKept: number): Promise<number> {
  const dir = join(home, `kept-${sessionsKept}`);
  mkdirSync(dir, { recursive: true });
  const script = join(dir, "script.yaml");
  writeFileSync(script, 'turns:\n  - steps: [{ text: "Done: nothing to do." }]\n');
  const { daemon, brain, store, owner, access } = await benchDaemon(dir, script, {
    brain: { workspaceTools: false, sessionsKept },
    plugins: { bundled: false },
  });
  try {
    const turn = async () => {
      const session = await store.sessions.create({ ownerId: owner.id, kind: "interactive" });
      const outcome = await brain.submit({
        ...{ sessionId: session.id, text: "hello", origin: { kind: "composer" as const } },
        access,
      });
      if (outcome.status !== "accepted") throw new Error("dropped");
      if ((await outcome.settled)?.reason !== "answer") throw new Error("the turn did not answer");
    };
    const heap = () => {
      gc?.();
      gc?.();
      return process.memoryUsage().heapUsed;
    };
    for (let i = 0; i < WARM; i += 1) await turn();
    const before = heap();
    for (let i = 0; i < SESSIONS; i += 1) await turn();
    const after = heap();
    if (brain.sessionsInMemory().length > sessionsKept)
      throw new Error(`${brain.sessionsInMemory().length} sessions in memory past ${sessionsKept}`);
    return (after - before) / SESSIONS;
  } finally {
    await daemon.stop();
  }
}

try {
  const bounded = await growthPerSession(KEPT);
  const unbounded = await growthPerSession(100_000);
  record({
    name: `heap growth per new session past brain.sessionsKept (${KEPT}), one turn each`,
    unit: "bytes/session",
    value: Math.round(bounded),
    peer: "the same daemon keeping every session in memory",
    peerValue: Math.round(unbounded),
    ratio: Number((bounded / unbounded).toFixed(3)),
    target: "about 0 (bounded)",
  });
  console.log(
    `  ${SESSIONS} sessions after ${WARM}: ${Math.round(bounded)} bytes a session with eviction, ${Math.round(unbounded)} without`,
  );
} finally {
  rmSync(home, { recursive: true, force: true });
}
