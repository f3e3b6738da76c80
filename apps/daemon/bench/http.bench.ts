import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { record } from "@elowen/bench";
import { load, median, spawnUntil } from "./load.js";

// GET /brain/status with 20 status providers, and an authenticated plugin route, against a bare
// Fastify route returning the same JSON. Each server runs in its own process; autocannon here.
const here = import.meta.dirname;
const home = mkdtempSync(join(tmpdir(), "elowen-bench-"));
writeFileSync(
  join(home, "elowen.yaml"),
  `plugins:\n  bundled: false\n  dirs: [${JSON.stringify(join(here, "fixtures", "bench-plugin"))}]\n`,
);
const daemon = await spawnUntil(
  [join(here, "..", "dist", "bin.js")],
  { ELOWEN_HOME: home, ELOWEN_PORT: "0" },
  /listening on (http:\/\/\S+)/,
);
const url = /listening on (http:\/\/\S+)/.exec(daemon.line)?.[1] as string;
const auth = { authorization: `Bearer ${readFileSync(join(home, "owner.token"), "utf8").trim()}` };

async function compareWithBare(name: string, path: string) {
  const body = await (await fetch(url + path, { headers: auth })).text();
  const bare = await spawnUntil([join(here, "fixtures", "bare-server.mjs"), body], {}, /^http/);
  const bareUrl = bare.line.trim();
  await load(url + path, auth, 1);
  await load(bareUrl + path, {}, 1);
  const ours: { rps: number; p99: number }[] = [];
  const peer: { rps: number; p99: number }[] = [];
  for (let round = 0; round < 3; round += 1) {
    ours.push(await load(url + path, auth));
    peer.push(await load(bareUrl + path));
  }
  bare.child.kill();
  const rps = median(ours.map((r) => r.rps));
  const peerRps = median(peer.map((r) => r.rps));
  const figure = record({
    name,
    unit: "req/s",
    value: Math.round(rps),
    p99: median(ours.map((r) => r.p99)),
    peer: "bare Fastify route, same JSON",
    peerValue: Math.round(peerRps),
    ratio: Number((rps / peerRps).toFixed(3)),
    target: "ratio >= 0.7",
  });
  console.log(
    `${name}: ${figure.value} req/s, ${latency(ours)}; bare Fastify ${figure.peerValue} req/s, ${latency(peer)}; ratio ${figure.ratio} (target >= 0.7)`,
  );
}

/** The median run's p99: autocannon counts whole milliseconds, so under 1 ms reads `< 1 ms`. */
function latency(runs: readonly { p99: number }[]): string {
  const p99 = median(runs.map((r) => r.p99));
  return `p99 ${p99 === 0 ? "< 1" : p99} ms`;
}

try {
  await compareWithBare("GET /brain/status with 20 status providers", "/brain/status");
  await compareWithBare("authenticated plugin route", "/plugins/bench/items/widget");
} finally {
  daemon.child.kill("SIGTERM");
  await new Promise((resolve) => daemon.child.on("exit", resolve));
  rmSync(home, { recursive: true, force: true });
}
