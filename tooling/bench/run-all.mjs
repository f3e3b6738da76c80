#!/usr/bin/env node
// `pnpm bench`: builds, runs every package's benchmarks one package at a time (they share two
// cores; running them together would measure each other), then writes bench-results.json at the
// repository root and prints the same figures as a table.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dirname, "..", "..");
const out = join(root, ".bench");
rmSync(out, { recursive: true, force: true });
const env = { ...process.env, ELOWEN_BENCH_OUT: out };
const filter = process.argv.slice(2).flatMap((f) => ["--filter", f]);
const run = (args) => spawnSync("pnpm", args, { cwd: root, stdio: "inherit", env, shell: false });
let r = run(["turbo", "run", "build", ...filter]);
if (r.status !== 0) process.exit(r.status ?? 1);
r = run(["-r", "--workspace-concurrency=1", "--if-present", ...filter, "run", "bench"]);
const file = join(out, "figures.jsonl");
const figures = existsSync(file)
  ? readFileSync(file, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line))
  : [];
writeFileSync(join(root, "bench-results.json"), `${JSON.stringify(figures, null, 2)}\n`);
const rows = figures.map((f) => [
  f.package,
  f.name,
  `${f.value} ${f.unit}`,
  f.peer ? `${f.peer}: ${f.peerValue}` : "",
  f.ratio === undefined ? "" : String(f.ratio),
  f.target ?? "",
]);
const head = ["package", "figure", "ours", "peer", "ratio", "target"];
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
const line = (cells) => cells.map((c, i) => c.padEnd(widths[i])).join("  ");
console.log(`\n${line(head)}\n${widths.map((w) => "-".repeat(w)).join("  ")}`);
for (const row of rows) console.log(line(row));
console.log(`\n${figures.length} figures written to bench-results.json`);
process.exit(r.status ?? 0);
