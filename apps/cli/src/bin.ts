#!/usr/bin/env node
import { runCli } from "./cli/run-cli.js";

/** `elowen`: the terminal client of Elowen. See `elowen --help`. */
const code = await runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  env: process.env,
  interactive: process.stdout.isTTY === true && process.stdin.isTTY === true,
});
process.exitCode = code;
// Lingering handles (a background daemon's pipes are detached) must not keep a finished command alive.
if (process.argv[2] !== "daemon") setTimeout(() => process.exit(code), 50).unref();
