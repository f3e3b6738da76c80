import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { record } from "@elowen/bench";
import { median, spawnUntil } from "./load.js";

// Cold start to the first served request: a fresh data directory each time (migrations and the
// owner account included), from spawning the bin to the answer of GET /health.
const bin = join(import.meta.dirname, "..", "dist", "bin.js");

async function coldStart(bundled: boolean): Promise<number> {
  const home = mkdtempSync(join(tmpdir(), "elowen-cold-"));
  writeFileSync(join(home, "elowen.yaml"), `plugins:\n  bundled: ${bundled}\n`);
  const started = performance.now();
  const { child, line } = await spawnUntil(
    [bin],
    { ELOWEN_HOME: home, ELOWEN_PORT: "0" },
    /listening on (http:\/\/\S+)/,
  );
  const url = /listening on (http:\/\/\S+)/.exec(line)?.[1] as string;
  const response = await fetch(`${url}/health`);
  const elapsed = performance.now() - started;
  if (!response.ok) throw new Error(`health answered ${response.status}`);
  child.kill("SIGTERM");
  await new Promise((resolve) => child.on("exit", resolve));
  rmSync(home, { recursive: true, force: true });
  return elapsed;
}

for (const [bundled, target] of [
  [false, "< 500 ms"],
  [true, "< 1000 ms"],
] as const) {
  await coldStart(bundled);
  const runs: number[] = [];
  for (let i = 0; i < 5; i += 1) runs.push(await coldStart(bundled));
  const name = `cold start to first served request, ${bundled ? "bundled plugins" : "no plugins"}`;
  const figure = record({ name, unit: "ms", value: Math.round(median(runs)), target });
  console.log(`${name}: ${figure.value} ms (median of 5; target ${target})`);
}
