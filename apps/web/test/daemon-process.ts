import { type ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";
import { join } from "node:path";
import { createInterface } from "node:readline";
import type { ElowenConfigInput } from "@elowen/daemon";

/** A real daemon running in a child process (see daemon-child.ts). */
export interface DaemonProcess {
  readonly url: string;
  readonly token: string;
  /** Publishes a live event on the session's bus (as the brain does); answers its event id. */
  publish(sessionId: string, type: string, data: unknown): Promise<string>;
  /** Appends visible journal entries (committed, then published as one `entries` event). */
  append(
    sessionId: string,
    entries: { id?: string; kind: string; data: unknown }[],
  ): Promise<string[]>;
  stop(): Promise<void>;
}

/** Starts a daemon (bundled plugins, the web kit, the offline model playing `script`) in a child. */
export async function startDaemonProcess(
  options: { readonly script?: string; readonly config?: ElowenConfigInput } = {},
): Promise<DaemonProcess> {
  const tsx = createRequire(import.meta.url).resolve("tsx");
  const child: ChildProcess = spawn(
    process.execPath,
    ["--import", tsx, join(import.meta.dirname, "daemon-child.ts"), JSON.stringify(options)],
    { stdio: ["pipe", "pipe", "inherit"] },
  );
  const lines = createInterface({ input: child.stdout as NonNullable<ChildProcess["stdout"]> });
  const waiting = new Map<number, (value: unknown) => void>();
  let ready: (value: { url: string; token: string }) => void = () => undefined;
  const started = new Promise<{ url: string; token: string }>((resolve, reject) => {
    ready = resolve;
    child.once("exit", (code) =>
      reject(new Error(`the daemon child exited with ${code} before it was ready`)),
    );
  });
  lines.on("line", (line) => {
    if (line.startsWith("READY ")) ready(JSON.parse(line.slice(6)));
    const done = /^DONE (\d+) (.*)$/.exec(line);
    if (done) waiting.get(Number(done[1]))?.(JSON.parse(done[2] ?? "null"));
  });
  const { url, token } = await started;
  let next = 0;
  const send = (command: Record<string, unknown>) =>
    new Promise<unknown>((resolve) => {
      const id = ++next;
      waiting.set(id, resolve);
      child.stdin?.write(`${JSON.stringify({ ...command, id })}\n`);
    });
  return {
    url,
    token,
    publish: async (sessionId, type, data) =>
      (await send({ cmd: "publish", sessionId, type, data })) as string,
    append: async (sessionId, entries) =>
      (await send({ cmd: "append", sessionId, entries })) as string[],
    async stop() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      await send({ cmd: "stop" });
      await exited;
    },
  };
}
