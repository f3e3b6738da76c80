#!/usr/bin/env node
// Runs every bench/*.bench.ts of the package in the current directory, one process each, in order.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

const dir = join(process.cwd(), "bench");
if (!existsSync(dir)) process.exit(0);
const files = readdirSync(dir)
  .filter((f) => f.endsWith(".bench.ts"))
  .sort();
const tsx = createRequire(import.meta.url).resolve("tsx");
let failed = 0;
for (const file of files) {
  console.log(`\n▶ ${join("bench", file)}`);
  const r = spawnSync(process.execPath, ["--expose-gc", "--import", tsx, join(dir, file)], {
    stdio: "inherit",
    env: process.env,
  });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
