import type { CommandSpec } from "../cli/command-spec.js";

/** `elowen stop`: stops the daemon that runs from the data directory (one `elowen` started, or `elowen daemon`). */
export const stopCommand: CommandSpec = {
  name: "stop",
  summary: "Stop the daemon running from the data directory (e.g. one started in the background)",
  usage: ["stop [--home <dir>]"],
  details: [
    "Reads $ELOWEN_HOME/daemon.json (the running daemon's address and process id), asks that process",
    "to stop gracefully (SIGTERM) and waits until it has exited.",
  ],
  options: {
    home: {
      type: "string",
      value: "<dir>",
      description: "the data directory (default: $ELOWEN_HOME, else ~/.elowen)",
    },
  },
  maxPositionals: 0,
  async run(context) {
    const { stopDaemon } = await import("./stop-daemon.js");
    return stopDaemon(context);
  },
};
