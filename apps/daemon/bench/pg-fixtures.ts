import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { spawnUntil } from "./load.js";

/**
 * The PostgreSQL server the benches use (`ELOWEN_BENCH_POSTGRES_URL`, else the development server
 * at 127.0.0.1:5432 as postgres). Each bench creates a database of its own there and drops it, so
 * it never touches `test` or another bench's data.
 */
const ADMIN_URL =
  process.env.ELOWEN_BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A fresh database `elowen_bench_<random>`: its URL, and `drop()`. */
export async function benchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `elowen_bench_${randomBytes(6).toString("hex")}`;
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** One built daemon process on the bench database. */
export interface BenchInstance {
  readonly child: ChildProcess;
  readonly url: string;
  readonly token: string;
}

/** Starts the built daemon on `databaseUrl` with an offline script and no plugins but `dirs`. */
export async function startInstance(
  databaseUrl: string,
  script: string,
  options: { readonly leaseMs?: number; readonly pluginDirs?: readonly string[] } = {},
): Promise<BenchInstance> {
  const home = mkdtempSync(join(tmpdir(), "elowen-pg-bench-"));
  const scriptPath = join(home, "script.yaml");
  writeFileSync(scriptPath, script);
  const dirs = options.pluginDirs ?? [];
  writeFileSync(
    join(home, "elowen.yaml"),
    [
      "store:",
      "  kind: postgres",
      `  url: ${JSON.stringify(databaseUrl)}`,
      "  poolSize: 10",
      `  leaseMs: ${options.leaseMs ?? 10_000}`,
      "model:",
      `  script: ${JSON.stringify(scriptPath)}`,
      "plugins:",
      "  bundled: false",
      `  dirs: ${JSON.stringify(dirs)}`,
      ...(dirs.length > 0 ? ["  consent: { brain-kit: { mutates: [tools] } }"] : []),
      "",
    ].join("\n"),
  );
  const bin = join(import.meta.dirname, "..", "dist", "bin.js");
  const { child } = await spawnUntil(
    [bin],
    { ELOWEN_HOME: home, ELOWEN_PORT: "0", ELOWEN_HOST: "" },
    /^Press Ctrl-C/,
  );
  const { url } = JSON.parse(readFileSync(join(home, "daemon.json"), "utf8")) as { url: string };
  const token = readFileSync(join(home, "owner.token"), "utf8").trim();
  return { child, url, token };
}

/** Stops an instance with SIGTERM and waits for it to exit. */
export async function stopInstance(instance: BenchInstance): Promise<void> {
  if (instance.child.exitCode !== null || instance.child.signalCode !== null) return;
  const exited = new Promise((resolve) => instance.child.once("exit", resolve));
  instance.child.kill("SIGTERM");
  await exited;
}
