import { execFileSync, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { record } from "@elowen/bench";

// Start-up a person feels (issue 22): `elowen --help`, the chat's first screen with a daemon
// running, and `elowen daemon` answering /health after spawn with the bundled plugins. Each is
// the median of several runs, with a bare `node` process (or a bare Fastify server) as the peer.
// The real bin, as a person runs it (it imports dist/bin.js).
const bin = join(import.meta.dirname, "..", "bin", "elowen.js");
const RUNS = 7;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1] as number;
}

function timeProcess(args: readonly string[], env: NodeJS.ProcessEnv = process.env): number {
  const started = performance.now();
  const r = spawnSync(process.execPath, [...args], { env, stdio: "ignore" });
  if (r.status !== 0) throw new Error(`node ${args.join(" ")} exited ${r.status}`);
  return performance.now() - started;
}

function compareProcesses(
  name: string,
  ours: () => number,
  peer: () => number,
  peerName: string,
  target: string,
) {
  ours();
  peer();
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    a.push(ours());
    b.push(peer());
  }
  const value = Math.round(median(a));
  const peerValue = Math.round(median(b));
  const ratio = Math.round((value / peerValue) * 100) / 100;
  record({ name, unit: "ms", value, peer: peerName, peerValue, ratio, target });
  console.log(
    `${name}: ${value} ms; ${peerName}: ${peerValue} ms; ratio ${ratio} (target ${target})`,
  );
}

/**
 * Spawns `node args` and resolves the ms until `/health` first answers 200 (`health`) and until it
 * says `ready` (the daemon's store, models and plugins loaded; a peer without the field is ready
 * at once), then stops it.
 */
async function timeUntilHealthy(args: readonly string[], env: NodeJS.ProcessEnv, port: number) {
  const started = performance.now();
  const child = spawn(process.execPath, [...args], { env, stdio: "ignore" });
  let health: number | undefined;
  try {
    for (;;) {
      try {
        const r = await fetch(`http://127.0.0.1:${port}/health`);
        const body = (await r.json()) as { ready?: boolean };
        if (r.ok) health ??= performance.now() - started;
        if (r.ok && body.ready !== false)
          return { health: health ?? 0, ready: performance.now() - started };
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  } finally {
    child.kill("SIGKILL");
    await new Promise((resolve) => child.on("exit", resolve));
  }
}

// 1. `elowen --help` against a bare node process.
compareProcesses(
  "elowen --help, spawn to exit",
  () => timeProcess([bin, "--help"]),
  () => timeProcess(["-e", "0"]),
  "node -e 0",
  "< 150 ms",
);

// 2. `elowen daemon` answering /health after spawn, with the bundled plugins, against a bare
// Fastify server answering /health.
const fastifyPeer = `import Fastify from "fastify"; const app = Fastify(); app.get("/health", async () => ({ ok: true })); await app.listen({ host: "127.0.0.1", port: Number(process.env.PORT) });`;
const daemonDir = join(import.meta.dirname, "..", "..", "daemon");
const peerFile = join(daemonDir, "node_modules", ".elowen-bench-fastify.mjs");
writeFileSync(peerFile, fastifyPeer);
/** A port nothing listens on now (fixed ports met other runs' leftover daemons). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
let port = 0;
const daemonRuns: number[] = [];
const readyRuns: number[] = [];
const peerRuns: number[] = [];
for (let i = 0; i <= RUNS; i += 1) {
  const home = mkdtempSync(join(tmpdir(), "elowen-bench-daemon-"));
  port = await freePort();
  const ours = await timeUntilHealthy(
    [bin, "daemon", "--port", String(port)],
    { ...process.env, ELOWEN_HOME: home },
    port,
  );
  port = await freePort();
  const peer = await timeUntilHealthy([peerFile], { ...process.env, PORT: String(port) }, port);
  rmSync(home, { recursive: true, force: true });
  if (i === 0) continue;
  daemonRuns.push(ours.health);
  readyRuns.push(ours.ready);
  peerRuns.push(peer.health);
}
rmSync(peerFile, { force: true });
{
  const value = Math.round(median(daemonRuns));
  const peerValue = Math.round(median(peerRuns));
  const ratio = Math.round((value / peerValue) * 100) / 100;
  const name = "elowen daemon, spawn to /health, bundled plugins, fresh data directory";
  record({
    name,
    unit: "ms",
    value,
    peer: "bare Fastify /health",
    peerValue,
    ratio,
    target: "< 500 ms",
  });
  console.log(`${name}: ${value} ms; bare Fastify: ${peerValue} ms; ratio ${ratio}`);
  // Not a target of its own: how long after spawn every route is served (`/health` ready: true).
  const ready = Math.round(median(readyRuns));
  const readyName = "elowen daemon, spawn to /health ready: true, bundled plugins";
  record({ name: readyName, unit: "ms", value: ready, target: "(reported)" });
  console.log(`${readyName}: ${ready} ms`);
}

// 3. The chat's first screen with a daemon running: from spawning `elowen` in a tmux pane to
// the start screen's key line, against the same pane running `node -e` printing one line.
async function firstScreen(command: readonly string[], marker: string): Promise<number> {
  const name = `elowen-bench-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  const started = performance.now();
  execFileSync("tmux", [
    "new-session",
    "-d",
    "-s",
    name,
    "-x",
    "100",
    "-y",
    "30",
    // The pane outlives the command, so a command that prints and exits (the peer) or fails is
    // still read rather than taking the tmux server down with it.
    `${command.join(" ")}; sleep 60`,
  ]);
  try {
    let pane = "";
    while (performance.now() - started < 60_000) {
      pane = execFileSync("tmux", ["capture-pane", "-p", "-t", name], { encoding: "utf8" });
      if (pane.includes(marker)) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 3));
    }
    throw new Error(`no "${marker}" within 60 s; the pane shows:\n${pane}`);
  } finally {
    spawnSync("tmux", ["kill-session", "-t", name], { stdio: "ignore" });
  }
}

if (spawnSync("tmux", ["-V"]).status === 0) {
  const home = mkdtempSync(join(tmpdir(), "elowen-bench-chat-"));
  port = await freePort();
  const daemon = spawn(process.execPath, [bin, "daemon", "--port", String(port)], {
    env: { ...process.env, ELOWEN_HOME: home },
    stdio: "ignore",
  });
  await timeUntilHealthyWait(port);
  const token = readFileSync(join(home, "owner.token"), "utf8").trim();
  const chat = [
    "env",
    `ELOWEN_HOME=${home}`,
    `ELOWEN_TOKEN=${token}`,
    process.execPath,
    bin,
    "--url",
    `http://127.0.0.1:${port}`,
    "--no-start",
  ];
  const ours: number[] = [];
  const peer: number[] = [];
  try {
    for (let i = 0; i <= RUNS; i += 1) {
      const a = await firstScreen(chat, "Type a message");
      const b = await firstScreen(
        [process.execPath, "-e", "'console.log(\"ready\");setTimeout(()=>{},60000)'"],
        "ready",
      );
      if (i === 0) continue;
      ours.push(a);
      peer.push(b);
    }
  } finally {
    // Also when a run fails: no daemon is left behind.
    daemon.kill("SIGTERM");
    await new Promise((resolve) => daemon.on("exit", resolve));
    rmSync(home, { recursive: true, force: true });
  }
  const value = Math.round(median(ours));
  const peerValue = Math.round(median(peer));
  const ratio = Math.round((value / peerValue) * 100) / 100;
  const name = "chat first screen with a daemon running (tmux pane)";
  record({
    name,
    unit: "ms",
    value,
    peer: "node printing a line in the pane",
    peerValue,
    ratio,
    target: "< 300 ms",
  });
  console.log(`${name}: ${value} ms; node printing a line: ${peerValue} ms; ratio ${ratio}`);
} else console.log("chat first screen: skipped (no tmux; apt-get install tmux)");

async function timeUntilHealthyWait(p: number): Promise<void> {
  for (;;) {
    try {
      const r = await fetch(`http://127.0.0.1:${p}/health`);
      // Ready: the owner token is written and every route is served.
      if (r.ok && ((await r.json()) as { ready?: boolean }).ready !== false) return;
    } catch {
      // Not yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
