import { CONNECTION_OPTIONS, type CommandSpec } from "../cli/command-spec.js";
import type { CliContext } from "../cli/context.js";
import { EXIT_CODES } from "../cli/exit-codes.js";
import { drawFirstFrame, type FirstFrame } from "../tui/first-frame.js";

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
    // The start screen goes up before the terminal toolkit, the client and the session load.
    const frame = firstFrame(context);
    const onInterrupt = () => {
      frame?.leave();
      process.exit(EXIT_CODES.interrupted);
    };
    if (frame) process.once("SIGINT", onInterrupt);
    try {
      const { runChat } = await import("./chat-run.js");
      return await runChat(context);
    } catch (error) {
      frame?.leave();
      throw error;
    } finally {
      process.off("SIGINT", onInterrupt);
    }
  },
};

/** The first frame, on this process's own terminal only, for a chat that can start. */
function firstFrame({ io, options }: CliContext): FirstFrame | undefined {
  if (io.terminal !== undefined || io.interactive !== true) return undefined;
  if (typeof options.session === "string" && options.new) return undefined;
  return drawFirstFrame(io.stdout, process.stdout.columns ?? 80);
}
