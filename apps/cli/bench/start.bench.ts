import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { record } from "@elowen/bench";

// Start figures of issue 22: `npm start` on a fresh clone (time and lines to listening), a later
// start with nothing changed, and the first turn after that start against the later turns.
// ELOWEN_BENCH_SKIP_CLONE=1 skips the fresh clone (it builds everything: minutes).
interface Started {
  readonly ms: number;
  readonly lines: readonly string[];
  readonly url: string;
  stop(): Promise<void>;
}
// The repository's plain ESM scripts (no declarations), named in a variable so tsc reads them as unknown.
const STEPS = "../../../tooling/scripts/newcomer-steps.mjs";
const { cloneRepository, freePort, median, npmStart, turnLatencies } = (await import(STEPS)) as {
  cloneRepository(root: string): string;
  freePort(): Promise<number>;
  median(values: readonly number[]): number;
  npmStart(repo: string, home: string, port: number): Promise<Started>;
  turnLatencies(
    url: string,
    home: string,
    later?: number,
    options?: { pauseMs?: number },
  ): Promise<{ first: number; later: number[] }>;
};

const root = join(import.meta.dirname, "..", "..", "..");
const home = mkdtempSync(join(tmpdir(), "elowen-bench-start-"));

if (process.env.ELOWEN_BENCH_SKIP_CLONE !== "1") {
  const repo = cloneRepository(root);
  try {
    const fresh = await npmStart(repo, home, await freePort());
    await fresh.stop();
    record({
      name: "npm start on a fresh clone, to listening (warm package cache)",
      unit: "s",
      value: Math.round(fresh.ms / 100) / 10,
      target: "< 180 s",
    });
    record({
      name: "npm start on a fresh clone, lines printed",
      unit: "lines",
      value: fresh.lines.length,
      target: "<= 30",
    });
  } finally {
    rmSync(join(repo, ".."), { recursive: true, force: true });
  }
}

// Later starts in this checkout: the first one may build (the start path's JavaScript-only
// build is cached apart from `pnpm build`'s), the next ones have nothing to do.
const warm = await npmStart(root, home, await freePort());
await warm.stop();
const later: number[] = [];
// The first turn at once after listening (what the daemon still loads for its first turn, the
// workspace tools, loads once it listens), and 2 s after (a person typing the first message).
const PAUSES = [0, 2000] as const;
const turns: { pauseMs: number; first: number; later: number[] }[] = [];
for (let i = 0; i < 3; i += 1) {
  const started = await npmStart(root, home, await freePort());
  later.push(started.ms);
  const pauseMs = PAUSES[i];
  if (pauseMs !== undefined)
    turns.push({ pauseMs, ...(await turnLatencies(started.url, home, 4, { pauseMs })) });
  await started.stop();
}
record({
  name: "npm start with nothing changed, to listening",
  unit: "ms",
  value: Math.round(median(later)),
  target: "< 5000 ms",
});
for (const { pauseMs, first, later: laterTurns } of turns) {
  const laterMedian = Math.round(median(laterTurns));
  record({
    name:
      pauseMs === 0
        ? "first turn at once after npm start listens (offline model)"
        : `first turn ${pauseMs / 1000} s after npm start listens (offline model)`,
    unit: "ms",
    value: Math.round(first),
    peer: "later turns (median of 4)",
    peerValue: laterMedian,
    ratio: Math.round((first / laterMedian) * 100) / 100,
    target: pauseMs === 0 ? "listening + first turn < 5000 ms" : "first − later <= 100 ms",
  });
}
rmSync(home, { recursive: true, force: true });
