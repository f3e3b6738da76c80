#!/usr/bin/env node

import { errorMessage } from "@elowen/plugin-shared/errors";
import { ConfigError } from "./config/config-error.js";
import { type RunningDaemon, startDaemon } from "./lifecycle/daemon.js";

/**
 * `elowen-daemon`: runs the daemon in the foreground on its defaults (or `elowen.yaml` and the
 * environment). The first SIGINT/SIGTERM stops it gracefully; a second exits at once.
 */
async function main(): Promise<void> {
  let daemon: RunningDaemon | undefined;
  let signals = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    signals += 1;
    if (signals > 1 || !daemon) {
      process.stderr.write(`elowen-daemon: ${signal} again, exiting now\n`);
      // 128 + the signal's number, as a shell reports a process the signal ended.
      process.exit(signal === "SIGTERM" ? 143 : 130);
    }
    process.stderr.write(
      `elowen-daemon: ${signal} received, stopping (send it again to exit at once)\n`,
    );
    daemon.stop("signal").then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`elowen-daemon: stop failed: ${errorMessage(error)}\n`);
        process.exit(1);
      },
    );
  };
  try {
    daemon = await startDaemon();
  } catch (error) {
    process.stderr.write(`elowen-daemon: ${errorMessage(error)}\n`);
    process.exit(error instanceof ConfigError ? 78 : 1);
  }
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  const model =
    daemon.config.model.provider === "offline" ? " (offline model: no provider configured)" : "";
  process.stdout.write(
    [
      `Elowen daemon listening on ${daemon.url}${model}`,
      `Data directory: ${daemon.home}`,
      `Sign in with the owner token in ${daemon.ownerTokenFile}`,
      `  e.g. curl -H "Authorization: Bearer $(cat ${daemon.ownerTokenFile})" ${daemon.url}/brain/status`,
      "Press Ctrl-C to stop.",
      "",
    ].join("\n"),
  );
}

void main();
