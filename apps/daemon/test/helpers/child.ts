import { type ChildProcess, spawn } from "node:child_process";

/** A child process whose stdout lines are collected, with a wait for a line. */
export interface Child {
  readonly process: ChildProcess;
  readonly lines: string[];
  readonly stderr: () => string;
  waitFor(predicate: (line: string) => boolean): Promise<string>;
  exited(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Spawns `node <args>` and collects its output line by line. */
export function spawnNode(
  args: readonly string[],
  env: Record<string, string | undefined> = {},
): Child {
  const child = spawn(process.execPath, [...args], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  let stderr = "";
  let partial = "";
  const waiters: { predicate: (line: string) => boolean; resolve: (line: string) => void }[] = [];
  child.stdout?.on("data", (chunk: Buffer) => {
    partial += chunk.toString("utf8");
    const parts = partial.split("\n");
    partial = parts.pop() ?? "";
    for (const line of parts) {
      lines.push(line);
      for (const waiter of [...waiters]) {
        if (waiter.predicate(line)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(line);
        }
      }
    }
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })),
  );
  return {
    process: child,
    lines,
    stderr: () => stderr,
    waitFor(predicate) {
      const found = lines.find(predicate);
      if (found !== undefined) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        waiters.push({ predicate, resolve });
        void exit.then(({ code, signal }) =>
          reject(new Error(`child exited (${code ?? signal}) before the line; stderr: ${stderr}`)),
        );
      });
    },
    exited: () => exit,
  };
}
