import { execFileSync, spawnSync } from "node:child_process";
import { errorMessage } from "@elowen/plugin-shared/errors";
import { until } from "../support/until.js";

/** A tmux session running one command in a pane of a fixed size: keys in, the pane's text out. */
export class TmuxPane {
  readonly name: string;

  constructor(
    command: readonly string[],
    options: {
      readonly columns?: number;
      readonly rows?: number;
      readonly env?: Record<string, string>;
    } = {},
  ) {
    if (spawnSync("tmux", ["-V"]).status !== 0)
      throw new Error(
        "these end-to-end tests need tmux (apt-get install -y tmux; .ci/run installs it)",
      );
    this.name = `elowen-e2e-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
    const env = Object.entries(options.env ?? {}).map(
      ([key, value]) => `${key}=${shellQuote(value)}`,
    );
    // The pane stays after the command exits, so a test can read what it printed last.
    const script = `${["env", ...env, ...command.map(shellQuote)].join(" ")}; echo "[exited $?]"; sleep 600`;
    execFileSync("tmux", [
      "new-session",
      "-d",
      "-s",
      this.name,
      "-x",
      String(options.columns ?? 110),
      "-y",
      String(options.rows ?? 34),
      script,
    ]);
  }

  /** Sends tmux key names (`Enter`, `C-c`, `PageDown`) or literal text (`{ text }`). */
  keys(...keys: (string | { readonly text: string })[]): void {
    for (const key of keys) {
      if (typeof key === "string") execFileSync("tmux", ["send-keys", "-t", this.name, key]);
      else execFileSync("tmux", ["send-keys", "-t", this.name, "-l", key.text]);
    }
  }

  /** The pane's text now. */
  capture(): string {
    return execFileSync("tmux", ["capture-pane", "-p", "-t", this.name], { encoding: "utf8" });
  }

  /** Waits until the pane shows `text` (or matches it); fails with the pane's text. */
  async see(text: string | RegExp, timeoutMs = 20_000): Promise<string> {
    let last = "";
    try {
      await until(
        () => {
          last = this.capture();
          return typeof text === "string" ? last.includes(text) : text.test(last);
        },
        `the pane to show ${String(text)}`,
        timeoutMs,
      );
    } catch (error) {
      throw new Error(`${errorMessage(error)}; the pane shows:\n${last}`);
    }
    return last;
  }

  /**
   * Waits until the pane no longer shows `text`. After a key such as Escape, wait for what it
   * changes before sending more: a terminal reads an Escape that arrives together with the next
   * key as that key with Alt (`\x1b/` is Alt+/), which a loaded machine makes likely.
   */
  async gone(text: string, timeoutMs = 20_000): Promise<string> {
    let last = "";
    try {
      await until(
        () => {
          last = this.capture();
          return !last.includes(text);
        },
        `the pane to stop showing ${text}`,
        timeoutMs,
      );
    } catch (error) {
      throw new Error(`${errorMessage(error)}; the pane shows:\n${last}`);
    }
    return last;
  }

  /** Resizes the pane's window. */
  resize(columns: number, rows: number): void {
    execFileSync("tmux", [
      "resize-window",
      "-t",
      this.name,
      "-x",
      String(columns),
      "-y",
      String(rows),
    ]);
  }

  close(): void {
    spawnSync("tmux", ["kill-session", "-t", this.name]);
  }
}

function shellQuote(value: string): string {
  return /^[\w./:=@%+-]+$/.test(value) ? value : `'${value.replaceAll("'", "'\\''")}'`;
}
