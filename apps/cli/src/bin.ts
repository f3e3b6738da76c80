#!/usr/bin/env node
import { createInterface } from "node:readline/promises";
import { runCli } from "./cli/run-cli.js";

const interactive = process.stdout.isTTY === true && process.stdin.isTTY === true;

/** `elowen`: the terminal client of Elowen. See `elowen --help`. */
const code = await runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  env: process.env,
  interactive,
  readSecret: async (prompt: string) => {
    const { readSecret } = await import("./cli/read-secret.js");
    return readSecret(process.stdin, process.stderr, prompt);
  },
  ...(interactive
    ? {
        ask: async (question: string) => {
          const lines = createInterface({ input: process.stdin, output: process.stdout });
          try {
            return await lines.question(question);
          } finally {
            lines.close();
          }
        },
      }
    : {}),
});
process.exitCode = code;
// Lingering handles (a background daemon's pipes are detached) must not keep a finished command alive.
if (process.argv[2] !== "daemon") setTimeout(() => process.exit(code), 50).unref();
