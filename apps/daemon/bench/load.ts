import { type ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";

interface AutocannonResult {
  readonly requests: { readonly average: number };
  readonly latency: { readonly p99: number };
  readonly non2xx: number;
  readonly errors: number;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
}) => Promise<AutocannonResult>;

const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

/** One load run: requests per second and p99 latency in ms. Throws if any request failed. */
export async function load(url: string, headers: Record<string, string> = {}, duration = 3) {
  const result = await autocannon({ url, connections: 10, duration, headers });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  }
  return { rps: result.requests.average, p99: result.latency.p99 };
}

/** Spawns `node <args>` and resolves with the first stdout line that matches. */
export function spawnUntil(args: readonly string[], env: Record<string, string>, match: RegExp) {
  const child = spawn(process.execPath, [...args], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise<{ child: ChildProcess; line: string }>((resolve, reject) => {
    let buffer = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      buffer += chunk.toString();
      for (const line of buffer.split("\n")) {
        const m = match.exec(line);
        if (m) return resolve({ child, line });
      }
    });
    child.on("exit", (code) => reject(new Error(`${args.join(" ")} exited ${code}`)));
  });
}

/** The median of some numbers. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}
