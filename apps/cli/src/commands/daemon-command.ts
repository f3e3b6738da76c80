import type { CommandSpec } from "../cli/command-spec.js";

/**
 * `elowen daemon`: runs the daemon in this process, in the foreground, on its defaults (or
 * `elowen.yaml` and the environment), serving the web client's build when it is there. The first
 * SIGINT/SIGTERM stops it gracefully; a second exits at once.
 */
export const daemonCommand: CommandSpec = {
  name: "daemon",
  summary: "Run the daemon in the foreground (Ctrl+C stops it)",
  usage: ["daemon [--home <dir>] [--host <host>] [--port <port>]"],
  details: [
    "With no configuration it listens on 127.0.0.1:7457 with the offline model and the bundled plugins,",
    "keeps its data in $ELOWEN_HOME (default ~/.elowen), and writes the owner's token to owner.token there.",
  ],
  options: {
    home: {
      type: "string",
      value: "<dir>",
      description: "the data directory (default: $ELOWEN_HOME, else ~/.elowen)",
    },
    host: {
      type: "string",
      value: "<host>",
      description: "the address to listen on (default 127.0.0.1)",
    },
    port: {
      type: "string",
      value: "<port>",
      description: "the port (default 7457; 0 picks a free one)",
    },
  },
  maxPositionals: 0,
  async run(context) {
    const { runDaemon } = await import("./daemon-run.js");
    return runDaemon(context);
  },
};
