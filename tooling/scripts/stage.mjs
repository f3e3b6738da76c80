// One line per stage of `npm start`: a live elapsed time on a terminal, then the stage's result.
// A stage's own output goes to a log file; on failure its last lines are printed with the log's path.
import { spawn } from "node:child_process";
import { closeSync, mkdirSync, openSync, readFileSync } from "node:fs";
import { dirname } from "node:path";

/** Seconds with one decimal under a minute, else "1 min 5 s". */
export function formatDuration(ms) {
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  return `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
}

/**
 * Runs `command args` with its output in `logFile`, showing `title` with a ticking elapsed time
 * on a terminal. Resolves `{ status, ms, output }`; never throws for a failing command.
 */
export async function runStage(title, command, args, { logFile, env, cwd, out = process.stdout }) {
  mkdirSync(dirname(logFile), { recursive: true });
  const log = openSync(logFile, "w");
  const started = Date.now();
  const live = out.isTTY === true;
  const tick = () => out.write(`\r… ${title} ${formatDuration(Date.now() - started)}\x1b[K`);
  if (live) tick();
  const timer = live ? setInterval(tick, 1000) : undefined;
  const status = await new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env, stdio: ["ignore", log, log] });
    child.on("error", () => resolve(127));
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
  if (timer) clearInterval(timer);
  closeSync(log);
  if (live) out.write("\r\x1b[K");
  return { status, ms: Date.now() - started, output: readFileSync(logFile, "utf8") };
}

/** The last `count` non-empty lines of `text`. */
export function lastLines(text, count = 20) {
  return text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .slice(-count)
    .join("\n");
}
