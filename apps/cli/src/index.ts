/**
 * @elowen/cli: `elowen`, the terminal client of Elowen on pi-tui, and the daemon launcher. The
 * library API runs the same commands in-process (`runCli`; the chat draws on `io.terminal`), and
 * offers the daemon discovery the commands use.
 */

export { browserUnavailable, systemBrowserOpener } from "./chat/browser.js";
export { CliError } from "./cli/cli-error.js";
export type { CommandSpec, OptionSpec } from "./cli/command-spec.js";
export type { CliContext, CliIo } from "./cli/context.js";
export type { ExitCode } from "./cli/exit-codes.js";
export { EXIT_CODES } from "./cli/exit-codes.js";
export { COMMANDS, runCli } from "./cli/run-cli.js";
export type { Connection, ConnectOptions } from "./connect/connect.js";
export { connect, isHealthy } from "./connect/connect.js";
export type { DaemonAddress, DaemonFileContent } from "./connect/daemon-address.js";
export {
  DEFAULT_DAEMON_PORT,
  readDaemonFile,
  resolveDaemonAddress,
} from "./connect/daemon-address.js";
export type { WebDir } from "./connect/web-dir.js";
export { resolveWebDir } from "./connect/web-dir.js";
export { FullscreenTerminal } from "./tui/fullscreen-terminal.js";
