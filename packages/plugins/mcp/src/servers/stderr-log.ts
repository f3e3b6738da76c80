import { createInterface } from "node:readline";
import { MCP_STDERR_LINES_PER_MINUTE } from "../limits.js";

/**
 * Sends a server's stderr to the log line by line, at most MCP_STDERR_LINES_PER_MINUTE lines a
 * minute (a chatty server cannot flood the daemon's log); the lines held back are counted.
 */
export function pipeStderr(
  stream: NodeJS.ReadableStream,
  write: (line: string) => void,
  now: () => number = Date.now,
): void {
  let windowStart = now();
  let written = 0;
  let dropped = 0;
  const lines = createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY });
  lines.on("line", (line) => {
    if (now() - windowStart >= 60_000) {
      if (dropped > 0) write(`(${dropped} stderr lines not logged)`);
      windowStart = now();
      written = 0;
      dropped = 0;
    }
    if (written >= MCP_STDERR_LINES_PER_MINUTE) dropped += 1;
    else {
      written += 1;
      write(line.length > 2000 ? `${line.slice(0, 2000)}…` : line);
    }
  });
  lines.on("error", () => undefined);
}
