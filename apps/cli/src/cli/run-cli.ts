import { parseArgs } from "node:util";
import { errorMessage } from "@elowen/plugin-shared/errors";
import { accountsCommand } from "../commands/accounts-command.js";
import { chatCommand } from "../commands/chat-command.js";
import { daemonCommand } from "../commands/daemon-command.js";
import { loginCommand } from "../commands/login-command.js";
import { mcpCommand } from "../commands/mcp-command.js";
import { pluginsCommand } from "../commands/plugins-command.js";
import { sessionsCommand } from "../commands/sessions-command.js";
import { skillsCommand } from "../commands/skills-command.js";
import { statusCommand } from "../commands/status-command.js";
import { stopCommand } from "../commands/stop-command.js";
import { CliError, describeFailure, usageError } from "./cli-error.js";
import type { CommandSpec } from "./command-spec.js";
import type { CliContext, CliIo } from "./context.js";
import { EXIT_CODES } from "./exit-codes.js";
import { commandHelp, mainHelp } from "./help.js";
import { CLI_VERSION } from "./version.js";

/** Every command, in the order `--help` lists them; `chat` is the default. */
export const COMMANDS: readonly CommandSpec[] = [
  chatCommand,
  daemonCommand,
  sessionsCommand,
  statusCommand,
  skillsCommand,
  pluginsCommand,
  mcpCommand,
  accountsCommand,
  loginCommand,
  stopCommand,
];

/**
 * Runs `elowen` with `argv` (without the node and script paths) and resolves its exit code
 * ({@link EXIT_CODES}). Messages go to `io.stderr`, results to `io.stdout`; nothing is thrown.
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    return await dispatch(argv, io);
  } catch (error) {
    const failure = error instanceof CliError ? error : describeFailure(error);
    io.stderr(`elowen: ${failure.message}\n`);
    if (failure.exitCode === EXIT_CODES.usage) io.stderr("Run `elowen --help` for usage.\n");
    return failure.exitCode;
  }
}

async function dispatch(argv: readonly string[], io: CliIo): Promise<number> {
  const [first, ...rest] = argv;
  if (first === "--version" || first === "-v") {
    io.stdout(`${CLI_VERSION}\n`);
    return EXIT_CODES.ok;
  }
  if (first === "--help" || first === "-h" || first === "help") {
    const topic = first === "help" ? rest[0] : undefined;
    const command = topic === undefined ? undefined : COMMANDS.find((c) => c.name === topic);
    if (topic !== undefined && !command) throw usageError(`unknown command "${topic}"`);
    io.stdout(command ? commandHelp(command) : mainHelp(COMMANDS, CLI_VERSION));
    return EXIT_CODES.ok;
  }
  const named = first === undefined || first.startsWith("-") ? undefined : first;
  const command = named === undefined ? chatCommand : COMMANDS.find((c) => c.name === named);
  if (!command)
    throw usageError(
      `unknown command "${named}": expected one of ${COMMANDS.map((c) => c.name).join(", ")}`,
    );
  const args = named === undefined ? argv : rest;
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: [...args],
      options: {
        ...Object.fromEntries(
          Object.entries(command.options).map(([name, spec]) => [
            name,
            {
              type: spec.type,
              ...(spec.short ? { short: spec.short } : {}),
              ...(spec.multiple ? { multiple: true } : {}),
            },
          ]),
        ),
        help: { type: "boolean", short: "h" },
      },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw usageError(`${command.name}: ${errorMessage(error).replace(/\. To specify.*$/s, "")}`);
  }
  if (parsed.values.help) {
    io.stdout(commandHelp(command));
    return EXIT_CODES.ok;
  }
  if (parsed.positionals.length > command.maxPositionals)
    throw usageError(
      `${command.name} takes ${command.maxPositionals === 0 ? "no arguments" : `at most ${command.maxPositionals}`}, got "${parsed.positionals.join(" ")}"`,
    );
  return command.run({
    io,
    options: parsed.values as CliContext["options"],
    positionals: parsed.positionals,
  });
}
