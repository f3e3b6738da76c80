import type { DaemonOptions, RunningDaemon } from "@elowen/daemon";
import { errorMessage } from "@elowen/plugin-shared/errors";
import { CliError } from "../cli/cli-error.js";
import type { CliContext } from "../cli/context.js";
import { EXIT_CODES } from "../cli/exit-codes.js";
import { resolveWebDir } from "../connect/web-dir.js";
import { daemonBanner, elowenCommand } from "./daemon-banner.js";

/** Whether the daemon answers its root with a page (it serves the web client it was given). */
async function servesWebClient(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/`, { signal: AbortSignal.timeout(2_000) });
    await response.body?.cancel();
    return response.ok && (response.headers.get("content-type") ?? "").includes("text/html");
  } catch {
    return false;
  }
}

/** Runs `elowen daemon` (the spec in daemon-command.ts): loaded only when the command runs. */
export async function runDaemon(context: CliContext): Promise<number> {
  const { io, options } = context;
  const { startDaemon, ConfigError, MissingApiKeyError } = await import("@elowen/daemon");
  const env = {
    ...io.env,
    ...(typeof options.host === "string" ? { ELOWEN_HOST: options.host } : {}),
    ...(typeof options.port === "string" ? { ELOWEN_PORT: options.port } : {}),
  };
  const web = await resolveWebDir();
  // `webDir` is read by a daemon that serves a web client; an older one ignores it.
  const daemonOptions: DaemonOptions & { webDir?: string } = {
    env,
    ...(typeof options.home === "string" ? { home: options.home } : {}),
    ...(web.found ? { webDir: web.dir } : {}),
  };
  let daemon: RunningDaemon;
  try {
    daemon = await startDaemon(daemonOptions);
  } catch (error) {
    throw new CliError(
      error instanceof ConfigError || error instanceof MissingApiKeyError
        ? EXIT_CODES.config
        : EXIT_CODES.failure,
      errorMessage(error),
      { cause: error },
    );
  }
  const served = web.found && (await servesWebClient(daemon.url));
  io.stdout(
    daemonBanner({
      url: daemon.url,
      home: daemon.home,
      ownerTokenFile: daemon.ownerTokenFile,
      model: daemon.config.model,
      web: served
        ? { served: true }
        : {
            served: false,
            reason: web.found ? `this daemon does not serve ${web.dir}` : web.reason,
          },
      chatCommand: elowenCommand(),
    }),
  );
  return await new Promise<number>((resolve) => {
    let signals = 0;
    const onSignal = (signal: NodeJS.Signals) => {
      signals += 1;
      if (signals > 1) {
        io.stderr(`elowen daemon: ${signal} again, exiting now\n`);
        process.exit(EXIT_CODES.interrupted);
      }
      io.stderr(`elowen daemon: ${signal} received, stopping (send it again to exit at once)\n`);
      daemon.stop("signal").then(
        () => resolve(EXIT_CODES.ok),
        (error: unknown) => {
          io.stderr(`elowen daemon: stop failed: ${errorMessage(error)}\n`);
          resolve(EXIT_CODES.failure);
        },
      );
    };
    process.on("SIGINT", onSignal);
    process.on("SIGTERM", onSignal);
  });
}
