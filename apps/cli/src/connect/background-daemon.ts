import { spawn } from "node:child_process";
import { closeSync, mkdirSync, openSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { CliError } from "../cli/cli-error.js";
import { EXIT_CODES } from "../cli/exit-codes.js";
import { readDaemonFile } from "./daemon-address.js";

/** The log file a daemon started in the background writes to, in its data directory. */
export const BACKGROUND_LOG_FILE = "daemon.log";

/** How long `elowen` waits for a daemon it started to answer (ours). */
export const DAEMON_START_TIMEOUT_MS = 30_000;

/** What starting a background daemon needs. */
export interface BackgroundStart {
  readonly home: string;
  /** The `elowen` bin to run as `elowen daemon`. */
  readonly binPath: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Answers true once the daemon at `url` is healthy. */
  readonly healthy: (url: string) => Promise<boolean>;
}

/**
 * Starts `elowen daemon` detached, on its defaults, writing to `<home>/daemon.log`, and waits until
 * it has written `daemon.json` (naming its own pid) and answers `/health`. Throws a CliError with
 * the log's last lines when it exits first or does not answer within {@link DAEMON_START_TIMEOUT_MS}.
 */
export async function startBackgroundDaemon(start: BackgroundStart): Promise<string> {
  mkdirSync(start.home, { recursive: true, mode: 0o700 });
  const logFile = join(start.home, BACKGROUND_LOG_FILE);
  const log = openSync(logFile, "a", 0o600);
  const child = spawn(process.execPath, [start.binPath, "daemon", "--home", start.home], {
    detached: true,
    stdio: ["ignore", log, log],
    env: { ...start.env, ELOWEN_HOME: start.home } as NodeJS.ProcessEnv,
  });
  closeSync(log);
  let exited: number | null | undefined;
  child.on("exit", (code) => {
    exited = code;
  });
  child.unref();
  const deadline = Date.now() + DAEMON_START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exited !== undefined) {
      throw new CliError(
        exited === EXIT_CODES.config ? EXIT_CODES.config : EXIT_CODES.unreachable,
        `the daemon started in the background exited (code ${exited}) before it answered:\n${tail(logFile)}`,
      );
    }
    const file = readDaemonFile(start.home);
    if (file && file.pid === child.pid && (await start.healthy(file.url))) return file.url;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new CliError(
    EXIT_CODES.unreachable,
    `the daemon started in the background (pid ${child.pid}) did not answer within ${DAEMON_START_TIMEOUT_MS / 1000} s; see ${logFile}:\n${tail(logFile)}`,
  );
}

function tail(file: string): string {
  try {
    return readFileSync(file, "utf8").trimEnd().split("\n").slice(-12).join("\n");
  } catch {
    return "(no log)";
  }
}
