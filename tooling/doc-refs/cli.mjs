#!/usr/bin/env node
// Fails when a published text names an internal planning document: a seed ("seed 004", "the
// seed's order"), DESIGN.md, STYLE.md or BENCH.md. Those live outside the repository, so a reader
// on npm or GitHub cannot open them. Checked: every package's README.md and its non-test src files.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));
const GROUPS = ["apps", "packages", "packages/plugins"];
const SKIP = /(^|\/)(node_modules|dist|test|bench|fixtures)(\/|$)|\.test(-d)?\.tsx?$/;
// A seed in the planning sense; "random seed" (or "PRNG seed") is left alone.
const REFERENCE =
  /(?<!(?:random|PRNG) )\b[Ss]eed(?:s|'s|s')?(?:[- ]?0\d{2})?(?!\w)|\bDESIGN(?:\.md\b|\s+")|\b(?:STYLE|BENCH)\.md\b/g;
const FIX =
  "name the contract instead: the seam (`ctx.prompt.fill`, the `prompt.edit` chain), the type or constant, or this repository's README section";

function packageDirs() {
  return GROUPS.flatMap((group) =>
    readdirSync(join(root, group), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name !== "plugins")
      .map((entry) => join(root, group, entry.name)),
  );
}

function checkedFiles(dir) {
  const files = [join(dir, "README.md")].filter((file) => existsSync(file));
  const src = join(dir, "src");
  if (!existsSync(src)) return files;
  for (const name of readdirSync(src, { recursive: true })) {
    if (/\.tsx?$/.test(name) && !SKIP.test(name)) files.push(join(src, name));
  }
  return files;
}

const hits = [];
for (const file of packageDirs().flatMap(checkedFiles)) {
  readFileSync(file, "utf8")
    .split("\n")
    .forEach((line, index) => {
      for (const match of line.matchAll(REFERENCE)) {
        hits.push(`${relative(root, file)}:${index + 1}: names "${match[0].trim()}"; ${FIX}`);
      }
    });
}

for (const hit of hits) console.error(hit);
if (hits.length > 0) process.exit(1);
console.log("✓ no README or src file names a seed, DESIGN.md, STYLE.md or BENCH.md");
