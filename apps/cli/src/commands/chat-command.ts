import { fileURLToPath } from "node:url";
import { ProcessTerminal } from "@mariozechner/pi-tui";
import { ChatApp } from "../chat/chat-app.js";
import { describeFailure, usageError } from "../cli/cli-error.js";
import { CONNECTION_OPTIONS, type CommandSpec } from "../cli/command-spec.js";
import { EXIT_CODES } from "../cli/exit-codes.js";
import { connect } from "../connect/connect.js";
import { FullscreenTerminal } from "../tui/fullscreen-terminal.js";
import { addressOf } from "./with-client.js";

/** `elowen` / `elowen chat`: the chat screen. */
export const chatCommand: CommandSpec = {
  name: "chat",
  summary: "Chat in your most recent session, or a new one (the default command)",
  usage: ["[chat] [--session <id> | --new] [--no-start]"],
  details: [
    "Keys: Enter sends · Alt+Enter adds a line · / lists commands · Tab completes · PgUp/PgDn or the",
    "wheel scroll · End returns to the newest · Ctrl+O expands answer records · Ctrl+C stops the",
    "running turn, a second Ctrl+C quits · Ctrl+D on an empty prompt quits.",
    "When no daemon answers at a local address, one is started in the background ($ELOWEN_HOME/daemon.log).",
  ],
  options: {
    session: { type: "string", value: "<id>", description: "open this session" },
    new: { type: "boolean", description: "start a new session" },
    "no-start": { type: "boolean", description: "do not start a daemon when none answers" },
    ...CONNECTION_OPTIONS,
  },
  maxPositionals: 0,
  async run(context) {
    const { io, options } = context;
    if (typeof options.session === "string" && options.new)
      throw usageError("--session and --new cannot be used together");
    if (!io.terminal && io.interactive === false)
      throw usageError(
        "the chat needs a terminal (standard output is not one); for scripts use `elowen sessions`, `elowen status` or `elowen skills` with --json",
      );
    const address = addressOf(context);
    let app: ChatApp;
    try {
      const connection = await connect(address, {
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
        ...(typeof options.session === "string" ? { sessionId: options.session } : {}),
        ...(options.new ? { fresh: true } : {}),
        ...(io.openUrl ? { openUrl: io.openUrl } : {}),
      });
    } catch (error) {
      throw describeFailure(error, address.url);
    }
    const onSignal = () => void app.stop(EXIT_CODES.interrupted);
    process.once("SIGTERM", onSignal);
    process.once("SIGHUP", onSignal);
    try {
      return await app.done;
    } finally {
      process.off("SIGTERM", onSignal);
      process.off("SIGHUP", onSignal);
    }
  },
};
