import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { record } from "@elowen/bench";

// Daemon start-up to the first served request with five stdio MCP servers configured, against the
// same start with none: readiness must not wait for the servers (the ratio stays near 1).
const bin = join(import.meta.dirname, "..", "..", "..", "..", "apps", "daemon", "dist", "bin.js");
const everything = join(
  dirname(
    createRequire(import.meta.url).resolve("@modelcontextprotocol/server-everything/package.json"),
  ),
  "dist",
  "index.js",
);

async function startUp(servers: number): Promise<number> {
  const home = mkdtempSync(join(tmpdir(), "elowen-mcp-start-"));
  const entries = Object.fromEntries(
    Array.from({ length: servers }, (_, i) => [
      `s${i}`,
      { command: process.execPath, args: [everything, "stdio"] },
    ]),
  );
  writeFileSync(
    join(home, "elowen.yaml"),
    `mcp:\n  workspace: ${JSON.stringify(home)}\n  servers: ${JSON.stringify(entries)}\n`,
  );
  const started = performance.now();
  const child = spawn(process.execPath, [bin], {
    env: { ...process.env, ELOWEN_HOME: home, ELOWEN_PORT: "0" },
    stdio: ["ignore", "pipe", "ignore"],
  });
  const url = await listening(child);
  const response = await fetch(`${url}/health`);
  const elapsed = performance.now() - started;
  if (!response.ok) throw new Error(`health answered ${response.status}`);
  await new Promise((resolve) => {
    child.once("exit", resolve);
    child.kill("SIGTERM");
  });
  rmSync(home, { recursive: true, force: true });
  return elapsed;
}

function listening(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffer = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      buffer += chunk.toString();
      const m = /listening on (http:\/\/\S+)/.exec(buffer);
      if (m?.[1]) resolve(m[1]);
    });
    child.once("exit", (code) => reject(new Error(`the daemon exited (${code}) before listening`)));
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

await startUp(0);
const none: number[] = [];
const five: number[] = [];
for (let i = 0; i < 5; i += 1) {
  none.push(await startUp(0));
  five.push(await startUp(5));
}
const figure = record({
  name: "daemon start-up to first served request, five stdio MCP servers",
  unit: "ms",
  value: Math.round(median(five)),
  peer: "the same start with no MCP servers",
  peerValue: Math.round(median(none)),
  ratio: Number((median(five) / median(none)).toFixed(3)),
  target: "readiness does not wait for the servers (ratio near 1)",
});
console.log(`${figure.name}: ${figure.value} ms vs ${figure.peerValue} ms (ratio ${figure.ratio})`);
