#!/usr/bin/env node
// The `elowen` bin: the built CLI, or a plain message in a clone that has not been built yet.
import { existsSync } from "node:fs";

const built = new URL("../dist/bin.js", import.meta.url);
if (existsSync(built)) await import(built.href);
else {
  process.stderr.write(
    "elowen: the CLI is not built yet: run `npm start` (or `pnpm build`) in the repository first.\n",
  );
  process.exitCode = 1;
}
