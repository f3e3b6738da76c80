import { spawn } from "node:child_process";

/** The most bytes of a hook process's stdout or stderr that are kept (ours). */
export const PROCESS_HOOK_OUTPUT_MAX_BYTES = 64 * 1024;

/** What a command hook process did: its exit code, its output, and whether it was cut off. */
export interface HookProcessResult {
  /** null when it was killed (budget spent, aborted) or could not start. */
  readonly exitCode: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly timedOut: boolean;
  /** Set when the process could not be started. */
  readonly startError?: string;
}

/** How to run one command hook. */
export interface HookProcessRequest {
  readonly command: string;
  /** The JSON written to its stdin (Claude Code's hook input). */
  readonly input: unknown;
  readonly cwd: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The hook's own timeout; the host's budget arrives as `signal`. */
  readonly timeoutMs: number;
  readonly signal: AbortSignal;
}

/**
 * Runs a command hook as a shell command with its JSON input on stdin, and resolves when it exits,
 * when its own timeout passes or when `signal` aborts (the host's budget): then the whole process
 * group is killed. Never rejects; output past PROCESS_HOOK_OUTPUT_MAX_BYTES is dropped.
 *
 * The process is started on a later turn of the event loop, never inside the call: creating it
 * (fork and exec) is the one synchronous step, slow on a loaded host, and it is the host's work,
 * not the plugin's, so it must not count as the hook holding the event loop (the hook bus
 * quarantines a plugin whose hook's synchronous run passes its budget). Everything after it
 * (stdin, stdout, stderr, exit) is asynchronous.
 */
export function runHookProcess(request: HookProcessRequest): Promise<HookProcessResult> {
  return new Promise((resolve) => {
    setImmediate(() => {
      if (request.signal.aborted)
        resolve({ exitCode: null, stdout: "", stderr: "", timedOut: true });
      else start(request, resolve);
    });
  });
}

function start(request: HookProcessRequest, resolve: (result: HookProcessResult) => void): void {
  const stdout = new Collected();
  const stderr = new Collected();
  let timedOut = false;
  let settled = false;
  const child = spawn(request.command, {
    shell: true,
    cwd: request.cwd,
    env: { ...process.env, ...request.env },
    stdio: ["pipe", "pipe", "pipe"],
    detached: process.platform !== "win32",
  });
  const kill = () => {
    timedOut = true;
    try {
      if (child.pid !== undefined && process.platform !== "win32")
        process.kill(-child.pid, "SIGKILL");
      else child.kill("SIGKILL");
    } catch {
      // Already gone.
    }
  };
  const timer = setTimeout(kill, request.timeoutMs);
  const onAbort = () => kill();
  if (request.signal.aborted) kill();
  else request.signal.addEventListener("abort", onAbort, { once: true });
  const finish = (exitCode: number | null, startError?: string) => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    request.signal.removeEventListener("abort", onAbort);
    resolve({
      exitCode: timedOut ? null : exitCode,
      stdout: stdout.text(),
      stderr: stderr.text(),
      timedOut,
      ...(startError === undefined ? {} : { startError }),
    });
  };
  child.stdout.on("data", (chunk: Buffer) => stdout.add(chunk));
  child.stderr.on("data", (chunk: Buffer) => stderr.add(chunk));
  child.on("error", (error) => finish(null, error.message));
  child.on("close", (code) => finish(code));
  child.stdin.on("error", () => undefined);
  child.stdin.end(JSON.stringify(request.input));
}

class Collected {
  readonly #chunks: Buffer[] = [];
  #bytes = 0;

  add(chunk: Buffer): void {
    const room = PROCESS_HOOK_OUTPUT_MAX_BYTES - this.#bytes;
    if (room <= 0) return;
    const kept = chunk.length > room ? chunk.subarray(0, room) : chunk;
    this.#chunks.push(kept);
    this.#bytes += kept.length;
  }

  text(): string {
    return Buffer.concat(this.#chunks).toString("utf8");
  }
}
