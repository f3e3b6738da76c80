import type { CommandSpec, OptionSpec } from "./command-spec.js";
import { EXIT_CODES } from "./exit-codes.js";

const EXIT_CODE_LINES: readonly [number, string][] = [
  [EXIT_CODES.ok, "done"],
  [EXIT_CODES.failure, "failed (the message says why)"],
  [EXIT_CODES.usage, "wrong command line"],
  [EXIT_CODES.unreachable, "the daemon is not answering (and none could be started)"],
  [EXIT_CODES.unauthorized, "the token was refused, or the account may not do this"],
  [EXIT_CODES.notFound, "what was named does not exist"],
  [EXIT_CODES.config, "the daemon's configuration is invalid, or its provider has no key"],
  [EXIT_CODES.interrupted, "interrupted (Ctrl+C)"],
];

/** The top-level `elowen --help`: commands, keys of the chat screen, exit codes. */
export function mainHelp(commands: readonly CommandSpec[], version: string): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    `elowen ${version}: the terminal client of Elowen.`,
    "",
    "Usage: elowen [command] [options]",
    "",
    "With no command, opens a chat in your most recent session (or a new one) with the daemon",
    "at the configured address, starting a local daemon in the background when none answers.",
    "",
    "Commands:",
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    "",
    "Run `elowen <command> --help` for its options.",
    "",
    "Exit codes:",
    ...EXIT_CODE_LINES.map(([code, text]) => `  ${String(code).padStart(3)}  ${text}`),
    "",
  ].join("\n");
}

/** One command's `--help`. */
export function commandHelp(command: CommandSpec): string {
  const options = Object.entries(command.options);
  const flag = ([name, spec]: [string, OptionSpec]) =>
    `${spec.short ? `-${spec.short}, ` : ""}--${name}${spec.value ? ` ${spec.value}` : ""}`;
  const width = Math.max(10, ...options.map((o) => flag(o).length));
  return [
    command.summary,
    "",
    ...command.usage.map((line, i) => `${i === 0 ? "Usage: " : "       "}elowen ${line}`),
    ...(command.details ? ["", ...command.details] : []),
    "",
    "Options:",
    ...options.map((o) => `  ${flag(o).padEnd(width)}  ${o[1].description}`),
    `  ${"-h, --help".padEnd(width)}  show this help`,
    "",
  ].join("\n");
}
