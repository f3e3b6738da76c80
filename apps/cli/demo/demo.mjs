#!/usr/bin/env node
// `npm run demo` (in apps/cli, after a build): a daemon with the offline model playing
// demo/script.yaml and the demo plugin (cli-kit), and the chat on a new session in this terminal.
// Set ELOWEN_DEMO_HOME to a directory to keep the demo there and reopen its session next time.
import { createWriteStream, mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startDaemon } from "@elowen/daemon";
import { runCli } from "../dist/index.js";

const here = import.meta.dirname;
const reuse = process.env.ELOWEN_DEMO_HOME;
const home = reuse ?? mkdtempSync(join(tmpdir(), "elowen-demo-"));
mkdirSync(home, { recursive: true });
const log = createWriteStream(join(home, "daemon.log"), { flags: "a" });
const daemon = await startDaemon({
  home,
  env: { ...process.env, ELOWEN_PORT: "0" },
  log: (line) => log.write(`${line}\n`),
  config: {
    model: { script: join(here, "script.yaml") },
    plugins: {
      dirs: [join(here, "cli-kit")],
      settings: { "@elowen/plugin-code-mode": { hideDirectTools: false } },
    },
  },
});
const code = await runCli(reuse ? [] : ["--new"], {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  env: { ...process.env, ELOWEN_HOME: home },
  interactive: process.stdout.isTTY === true && process.stdin.isTTY === true,
});
await daemon.stop();
log.end();
process.stdout.write(
  `The demo's data is in ${home}. Reopen its session (drawn as you left it): ELOWEN_DEMO_HOME=${home} npm run demo\n`,
);
process.exit(code);
