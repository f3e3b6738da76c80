#!/usr/bin/env node
// Fails when a source file throws more plain `new Error(` than baseline.json allows: every error
// a package throws should be an ElowenError subclass with a stable code. The baseline holds the
// files not converted yet; lower it (or delete a line) as they are. `--update` rewrites it.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));
const baselineFile = fileURLToPath(new URL("baseline.json", import.meta.url));
const PLAIN_THROW = /throw new Error\(/g;
const SKIP_DIRS = new Set(["node_modules", "dist", "test", "bench", "fixtures"]);

function sourceFiles(dir) {
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory() && !SKIP_DIRS.has(entry.name)) found.push(...sourceFiles(path));
    else if (entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test(-d)?\.tsx?$/.test(entry.name))
      found.push(path);
  }
  return found;
}

function srcRoots() {
  const roots = [];
  for (const group of ["apps", "packages", "packages/plugins"]) {
    for (const entry of readdirSync(join(root, group), { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const src = join(root, group, entry.name, "src");
      try {
        readdirSync(src);
        roots.push(src);
      } catch {
        // No src folder (the plugins group itself).
      }
    }
  }
  return roots;
}

const counts = {};
for (const file of srcRoots().flatMap(sourceFiles)) {
  const count = readFileSync(file, "utf8").match(PLAIN_THROW)?.length ?? 0;
  if (count > 0) counts[relative(root, file)] = count;
}

if (process.argv.includes("--update")) {
  writeFileSync(baselineFile, `${JSON.stringify(counts, null, 2)}\n`);
  console.log(`plain throws: baseline written (${Object.keys(counts).length} files)`);
} else {
  const baseline = JSON.parse(readFileSync(baselineFile, "utf8"));
  const over = Object.entries(counts).filter(([file, count]) => count > (baseline[file] ?? 0));
  for (const [file, count] of over) {
    console.error(
      `${file}: ${count} \`throw new Error(\`, the baseline allows ${baseline[file] ?? 0}; throw the package's coded ElowenError instead`,
    );
  }
  if (over.length > 0) process.exit(1);
  console.log(
    `✓ no plain \`throw new Error(\` beyond the baseline (${Object.keys(counts).length} files left to convert)`,
  );
}
