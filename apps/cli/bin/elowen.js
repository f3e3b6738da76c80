#!/usr/bin/env node
// The `elowen` bin: the built CLI, or a plain message in a clone that has not been built yet.
// `--help`, `<command> --help`, `help [command]` and `--version` are printed from dist/help.json
// (written by the build from the CLI itself) without importing the CLI: they answer as fast as
// node starts.
import { existsSync, readFileSync } from "node:fs";

const built = new URL("../dist/bin.js", import.meta.url);
const helpFile = new URL("../dist/help.json", import.meta.url);

/** The text the CLI prints for `args` when it is help or the version, else undefined. */
function quickAnswer(args) {
  const [first, second] = args;
  const asked =
    first === "--version" ||
    first === "-v" ||
    first === "--help" ||
    first === "-h" ||
    first === "help" ||
    (args.length === 2 && (second === "--help" || second === "-h"));
  if (!asked || !existsSync(helpFile)) return undefined;
  const help = JSON.parse(readFileSync(helpFile, "utf8"));
  const commandHelp = (name) =>
    Object.hasOwn(help.commands, name) ? help.commands[name] : undefined;
  if (first === "--version" || first === "-v") return `${help.version}\n`;
  if (first === "--help" || first === "-h") return help.main;
  // `help <unknown>` is a usage error: the CLI says so.
  if (first === "help") return second === undefined ? help.main : commandHelp(second);
  return commandHelp(first);
}

const answer = quickAnswer(process.argv.slice(2));
if (answer !== undefined) process.stdout.write(answer);
else if (existsSync(built)) await import(built.href);
else {
  process.stderr.write(
    "elowen: the CLI is not built yet: run `npm start` (or `pnpm build`) in the repository first.\n",
  );
  process.exitCode = 1;
}
