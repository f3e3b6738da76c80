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
  // The handlers go in before the daemon starts: it writes daemon.json and answers /health
  // before this function has printed its banner, and a SIGTERM in between (`elowen stop` right
  // after a background start) must still stop it gracefully, removing daemon.json.
  const signalled = signalWatch(io);
  let daemon: RunningDaemon;
  try {
    daemon = await startDaemon(daemonOptions);
  } catch (error) {
    signalled.dispose();
    throw new CliError(
      error instanceof ConfigError || error instanceof MissingApiKeyError
        ? EXIT_CODES.config
        : EXIT_CODES.failure,
      errorMessage(error),
      { cause: error },
    );
  }
  const stopped = signalled.stopWith(daemon);
  if (!signalled.requested) {
    const served = web.found && (await servesWebClient(daemon.url));
    if (!signalled.requested) io.stdout(banner(daemon, web, served));
  }
  return await stopped;
}

/** The banner of a daemon that has started: its address, model, sign-in and web client. */
function banner(
  daemon: RunningDaemon,
  web: Awaited<ReturnType<typeof resolveWebDir>>,
  served: boolean,
): string {
  return daemonBanner({
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
  });
}

/**
 * SIGINT/SIGTERM for a daemon that may not have started yet: the first signal stops it gracefully
 * (at once if it is running, else as soon as it is), a second exits at once.
 */
function signalWatch(io: CliContext["io"]) {
  let signals = 0;
  let daemon: RunningDaemon | undefined;
  let settle: ((code: number) => void) | undefined;
  const stopping = new Promise<number>((resolve) => {
    settle = resolve;
  });
  const stop = (running: RunningDaemon) => {
    running.stop("signal").then(
      () => settle?.(EXIT_CODES.ok),
      (error: unknown) => {
        io.stderr(`elowen daemon: stop failed: ${errorMessage(error)}\n`);
        settle?.(EXIT_CODES.failure);
      },
    );
  };
  const onSignal = (signal: NodeJS.Signals) => {
    signals += 1;
    if (signals > 1) {
      io.stderr(`elowen daemon: ${signal} again, exiting now\n`);
      process.exit(EXIT_CODES.interrupted);
    }
    io.stderr(`elowen daemon: ${signal} received, stopping (send it again to exit at once)\n`);
    if (daemon) stop(daemon);
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  return {
    get requested() {
      return signals > 0;
    },
    /** Stops `running` now if a signal came while it started; answers the exit code once stopped. */
    stopWith(running: RunningDaemon): Promise<number> {
      daemon = running;
      if (signals > 0) stop(running);
      return stopping;
    },
    dispose() {
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
    },
  };
}
