#!/usr/bin/env node
// pnpm cycles: see README.md beside this file.
import { join } from "node:path";
import { checkModuleCycles, sourceRoots } from "./lib/check.mjs";

const root = join(import.meta.dirname, "..", "..");
const dirs = process.argv.length > 2 ? process.argv.slice(2) : sourceRoots(root);
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
