/**
 * @elowen/cli: `elowen`, the terminal client of Elowen on pi-tui, and the daemon launcher. The
 * library API runs the same commands and the chat screen in-process (tests, embedders).
 */

export { browserUnavailable, systemBrowserOpener } from "./chat/browser.js";
export type { ChatOptions } from "./chat/chat-app.js";
export { ChatApp } from "./chat/chat-app.js";
export { CliError } from "./cli/cli-error.js";
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
export type { ClientBoxChain, PromptBoxChains } from "./prompt/prompt-box-chains.js";
export { NO_BOX_CHAINS } from "./prompt/prompt-box-chains.js";
export type { TranscriptBlock } from "./transcript/blocks.js";
export { TranscriptState } from "./transcript/transcript-state.js";
export { FullscreenTerminal } from "./tui/fullscreen-terminal.js";
