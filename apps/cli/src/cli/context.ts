import type { Terminal } from "@mariozechner/pi-tui";

/** Where `elowen` reads and writes, injected so that tests and embedders control it. */
export interface CliIo {
  /** Writes to standard output. */
  readonly stdout: (text: string) => void;
  /** Writes to standard error. */
  readonly stderr: (text: string) => void;
  /** The environment (`ELOWEN_HOME`, `ELOWEN_URL`, `ELOWEN_TOKEN`, `SSH_CONNECTION`, `DISPLAY`). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The fetch used for every request (default: the global one). */
  readonly fetch?: typeof fetch;
  /** The terminal the chat screen draws on (default: this process's, full screen). */
  readonly terminal?: Terminal;
  /** Whether standard output is a terminal (the chat screen needs one). */
  readonly interactive?: boolean;
  /** Opens a URL in a browser (default: the platform's opener; never over SSH or without a display). */
  readonly openUrl?: (url: string) => void;
  /** Asks the person a question and resolves the line they typed (absent: nobody to ask). */
  readonly ask?: (question: string) => Promise<string>;
  /**
   * Reads a secret (`elowen login`): from the terminal without echo when standard input is one,
   * else all of standard input (for scripts). Absent: no secret can be read.
   */
  readonly readSecret?: (prompt: string) => Promise<string>;
  /** The working directory a new chat session is created in (default: this process's). */
  readonly cwd?: string;
  /** The path of the `elowen` bin, to start a daemon in the background (default: this process's). */
  readonly binPath?: string;
}

/** What a command receives: its parsed options and positionals, and the I/O. */
export interface CliContext {
  readonly io: CliIo;
  /** Parsed options; an option declared `multiple` is the list of its values. */
  readonly options: Readonly<Record<string, string | boolean | readonly string[] | undefined>>;
  readonly positionals: readonly string[];
}
