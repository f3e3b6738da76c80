import { existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { CliError } from "../cli/cli-error.js";
import type { CliContext } from "../cli/context.js";
import { EXIT_CODES } from "../cli/exit-codes.js";
import { DAEMON_FILE_NAME, readDaemonFile } from "../connect/daemon-address.js";

/** How long `elowen stop` waits for the daemon to exit after SIGTERM (ours). */
export const STOP_TIMEOUT_MS = 20_000;

/** True while a process with this id exists (signal 0 checks without signalling). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** On Linux, false when `pid` is a process that is not Node (a reused id): it is then left alone. */
function looksLikeNode(pid: number): boolean {
  const cmdline = `/proc/${pid}/cmdline`;
  if (!existsSync(cmdline)) return true;
  try {
    return /node|elowen/.test(readFileSync(cmdline, "utf8"));
  } catch {
    return true;
  }
}

/**
 * Stops the daemon named by `<home>/daemon.json`: SIGTERM to its process, then waits (up to
 * {@link STOP_TIMEOUT_MS}) until it has exited. No daemon there ends with the unreachable code.
 */
export async function stopDaemon(context: CliContext): Promise<number> {
  const { io, options } = context;
  const home = resolve(
    typeof options.home === "string"
      ? options.home
      : io.env.ELOWEN_HOME?.trim() || join(homedir(), ".elowen"),
  );
  const file = readDaemonFile(home);
  if (!file || !processAlive(file.pid) || !looksLikeNode(file.pid)) {
    throw new CliError(
      EXIT_CODES.unreachable,
      `no daemon is running from ${home} (${file ? `the process ${file.pid} named in ${DAEMON_FILE_NAME} is gone` : `no ${DAEMON_FILE_NAME} there`}).`,
    );
  }
  process.kill(file.pid, "SIGTERM");
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  while (processAlive(file.pid)) {
    if (Date.now() > deadline)
      throw new CliError(
        EXIT_CODES.failure,
        `the daemon at ${file.url} (process ${file.pid}) did not stop within ${STOP_TIMEOUT_MS / 1000} s; \`kill ${file.pid}\` again stops it at once.`,
      );
    await new Promise((done) => setTimeout(done, 50));
  }
  io.stdout(`Stopped the daemon at ${file.url} (process ${file.pid}).\n`);
  return EXIT_CODES.ok;
}
