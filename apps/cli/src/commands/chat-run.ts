import { fileURLToPath } from "node:url";
import { ProcessTerminal } from "@mariozechner/pi-tui";
import { ChatApp } from "../chat/chat-app.js";
import { describeFailure, usageError } from "../cli/cli-error.js";
import type { CliContext } from "../cli/context.js";
import { EXIT_CODES } from "../cli/exit-codes.js";
import { type Connection, connect } from "../connect/connect.js";
import { FullscreenTerminal } from "../tui/fullscreen-terminal.js";
import { elowenCommand } from "./daemon-banner.js";
import { addressOf } from "./with-client.js";

/**
 * What the chat says when the person leaves: how to come back to this session, and, when this
 * `elowen` started the daemon in the background, that it still runs and how to stop it.
 */
export function farewell(connection: Connection, sessionId: string | undefined): string {
  const elowen = elowenCommand();
  return [
    ...(sessionId ? [`Resume this session with \`${elowen} --session ${sessionId}\`.`] : []),
    ...(connection.started
      ? [
          `The daemon started in the background is still running at ${connection.url}; \`${elowen} stop\` stops it.`,
        ]
      : []),
    "",
  ].join("\n");
}

/** `elowen` / `elowen chat`: connects (starting a daemon when none answers) and runs the chat screen. */
export async function runChat(context: CliContext): Promise<number> {
  const { io, options } = context;
  if (typeof options.session === "string" && options.new)
    throw usageError("--session and --new cannot be used together");
  if (!io.terminal && io.interactive === false)
    throw usageError(
      "the chat needs a terminal (standard output is not one); for scripts use `elowen sessions`, `elowen status` or `elowen skills` with --json",
    );
  const address = addressOf(context);
  let app: ChatApp;
  let connection: Connection;
  try {
    connection = await connect(address, {
      env: io.env,
      ...(io.fetch ? { fetch: io.fetch } : {}),
      ...(options["no-start"]
        ? {}
        : {
            startIfMissing: {
              binPath: io.binPath ?? fileURLToPath(new URL("./bin.js", import.meta.url)),
              onStart: (home: string) =>
                io.stderr(
                  `No daemon answers; starting one in the background (data in ${home}, log in ${home}/daemon.log)…\n`,
                ),
            },
          }),
    });
    app = await ChatApp.start({
      client: connection.client,
      baseUrl: connection.url,
      terminal: io.terminal ?? new FullscreenTerminal(new ProcessTerminal()),
      env: io.env,
      home: address.home,
      ...(typeof options.session === "string" ? { sessionId: options.session } : {}),
      ...(options.new ? { fresh: true } : {}),
      workspace: io.cwd ?? process.cwd(),
      ...(io.openUrl ? { openUrl: io.openUrl } : {}),
    });
  } catch (error) {
    throw describeFailure(error, address.url);
  }
  const onSignal = () => void app.stop(EXIT_CODES.interrupted);
  process.once("SIGTERM", onSignal);
  process.once("SIGHUP", onSignal);
  try {
    const code = await app.done;
    io.stderr(farewell(connection, app.session.id));
    return code;
  } finally {
    process.off("SIGTERM", onSignal);
    process.off("SIGHUP", onSignal);
  }
}
