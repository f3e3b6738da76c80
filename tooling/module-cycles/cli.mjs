#!/usr/bin/env node
// pnpm cycles: see README.md beside this file.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { checkFolderCycles, checkModuleCycles, FOLDER_AREAS, sourceRoots } from "./lib/check.mjs";

const root = join(import.meta.dirname, "..", "..");
const named = process.argv.length > 2;
const dirs = named ? process.argv.slice(2) : sourceRoots(root);
const { ok, report } = checkModuleCycles({ cwd: root, dirs });
if (ok) {
  console.log(`✓ no module cycle in ${dirs.length} source folders`);
} else {
  console.error(report);
  console.error(
    "\n✗ module cycles: move what both sides share into a neutral module (see tooling/module-cycles/README.md).",
  );
  process.exitCode = 1;
}
// The folder-level areas are checked on a whole-repository run (no folders named).
const areas = named ? [] : FOLDER_AREAS.filter((area) => existsSync(join(root, area)));
for (const area of areas) {
  const folders = checkFolderCycles({ cwd: root, area });
  if (folders.ok) {
    console.log(`✓ no folder cycle in ${area}`);
    continue;
  }
  console.error(folders.report);
  console.error(
    `\n✗ folder cycles in ${area}: move what both folders share into the lower one (see tooling/module-cycles/README.md).`,
  );
  process.exitCode = 1;
}
