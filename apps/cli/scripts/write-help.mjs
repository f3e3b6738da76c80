#!/usr/bin/env node
// Part of `pnpm build`, after tsup: writes dist/help.json, the text `elowen --help`,
// `elowen <command> --help` and `elowen --version` print, taken from the built CLI itself
// (runCli), so that bin/elowen.js answers them without importing the CLI.
import { writeFileSync } from "node:fs";
import { COMMANDS, runCli } from "../dist/index.js";

/** What `elowen <args>` prints on stdout; it must succeed. */
async function printed(args) {
  let out = "";
  const code = await runCli(args, {
    stdout: (text) => {
      out += text;
    },
    stderr: (text) => {
      throw new Error(`elowen ${args.join(" ")} wrote to stderr: ${text}`);
    },
    env: {},
    interactive: false,
  });
  if (code !== 0) throw new Error(`elowen ${args.join(" ")} exited ${code}`);
  return out;
}

const commands = {};
for (const command of COMMANDS) commands[command.name] = await printed([command.name, "--help"]);
const help = {
  version: (await printed(["--version"])).trimEnd(),
  main: await printed(["--help"]),
  commands,
};
writeFileSync(new URL("../dist/help.json", import.meta.url), `${JSON.stringify(help, null, 2)}\n`);
