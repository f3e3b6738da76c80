import type { CliContext } from "./context.js";

/** One option of a command, as `--help` shows it and `parseArgs` reads it. */
export interface OptionSpec {
  readonly type: "string" | "boolean";
  readonly short?: string;
  /** The placeholder `--help` prints for a string option (`<url>`). */
  readonly value?: string;
  /** The option may be given more than once; its value is then the list, in order. */
  readonly multiple?: boolean;
  readonly description: string;
}

/** One `elowen` command: its name, help text, options and what it does. */
export interface CommandSpec {
  readonly name: string;
  /** One line for the command list. */
  readonly summary: string;
  /** The usage lines `--help` prints, without the leading `elowen `. */
  readonly usage: readonly string[];
  /** More explanation `--help` prints under the usage. */
  readonly details?: readonly string[];
  readonly options: Readonly<Record<string, OptionSpec>>;
  /** Positional arguments: at most this many (extra ones are a usage error). */
  readonly maxPositionals: number;
  run(context: CliContext): Promise<number>;
}

/** The options every command takes to reach a daemon. */
export const CONNECTION_OPTIONS: Readonly<Record<string, OptionSpec>> = {
  url: {
    type: "string",
    value: "<url>",
    description:
      "the daemon's address (default: $ELOWEN_URL, $ELOWEN_HOME/daemon.json, http://127.0.0.1:7457)",
  },
  token: {
    type: "string",
    value: "<token>",
    description: "a bearer token (default: $ELOWEN_TOKEN, else $ELOWEN_HOME/owner.token)",
  },
  home: {
    type: "string",
    value: "<dir>",
    description: "the data directory (default: $ELOWEN_HOME, else ~/.elowen)",
  },
};

/** `--json`: machine-readable output. */
export const JSON_OPTION: Readonly<Record<string, OptionSpec>> = {
  json: { type: "boolean", description: "print JSON instead of a table" },
};
