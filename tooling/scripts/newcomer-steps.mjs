// The steps of the scripted newcomer run (newcomer.mjs) and of the start benchmarks: a fresh
// clone's `npm start` (time and lines to listening), a later start with nothing changed, and the
// first turn's latency against later ones on the daemon `npm start` runs.
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A free loopback port. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Clones the repository at `root` (its committed HEAD) into a fresh temporary directory. */
export function cloneRepository(root) {
  const dir = join(mkdtempSync(join(tmpdir(), "elowen-newcomer-")), "elowen");
  execFileSync("git", ["clone", "--quiet", "--no-hardlinks", root, dir]);
  return dir;
}

/**
 * Runs `npm start` in `repo` (its own process group) with the data directory `home` on `port`,
 * until the banner's last line. Resolves the ms to that line, every line printed, the daemon's URL
 * and a `stop()` that ends the whole group and waits for it.
 */
export function npmStart(repo, home, port, { timeoutMs = 15 * 60_000 } = {}) {
  const started = performance.now();
  const child = spawn("npm", ["start", "--silent", "--", "--port", String(port)], {
    cwd: repo,
    env: { ...process.env, ELOWEN_HOME: home, CI: "" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let out = "";
  const exited = new Promise((resolve) => child.on("exit", (code) => resolve(code)));
  const stop = async () => {
    try {
      process.kill(-child.pid, "SIGINT");
    } catch {
      // Already gone.
    }
    await exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`npm start did not listen within ${timeoutMs / 1000} s:\n${out}`));
    }, timeoutMs);
    const take = (chunk) => {
      out += chunk.toString();
      if (!out.includes("Press Ctrl-C to stop.")) return;
      clearTimeout(timer);
      const ms = performance.now() - started;
      const lines = out.trimEnd().split("\n");
      const url = /listening on (http:\/\/\S+)/.exec(out)?.[1];
      resolve({ ms, lines, url, stop });
    };
    child.stdout.on("data", take);
    child.stderr.on("data", take);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited (code ${code}) before it listened:\n${out}`));
    });
  });
}

async function request(url, token, method, path, body) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status}`);
  return response.json();
}

/**
 * The first turn after a daemon start against later ones: submits `later + 1` turns to a new
 * session of the daemon at `url` (signed in with `home`'s owner token), each waiting until it
 * settles. With `pauseMs`, the first turn is sent that long after the daemon listened (a person
 * typing it), else at once. Resolves the first turn's ms and the later ones'.
 */
export async function turnLatencies(url, home, later = 4, { pauseMs = 0 } = {}) {
  const token = readFileSync(join(home, "owner.token"), "utf8").trim();
  const session = await request(url, token, "POST", "/sessions", {});
  if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
  const times = [];
  for (let i = 0; i <= later; i += 1) {
    const started = performance.now();
    await request(url, token, "POST", `/sessions/${session.id}/turns`, {
      text: `Hello, turn ${i + 1}`,
      waitForSettle: true,
    });
    times.push(performance.now() - started);
  }
  return { first: times[0], later: times.slice(1) };
}

/** The median of some numbers. */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1];
}
