import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ElowenClient } from "@elowen/client";
import { DEMO_PLUGIN } from "../support/daemon.js";
import { until } from "../support/until.js";

/** The built `elowen` bin. */
export const BIN = join(import.meta.dirname, "..", "..", "dist", "bin.js");

/** A daemon run by the real `elowen daemon`, with an offline script, cli-kit and the bundled plugins. */
export interface E2eDaemon {
  readonly home: string;
  readonly url: string;
  readonly owner: ElowenClient;
  /** A directory on PATH holding an `xdg-open` that appends each URL it is given to `opened.log`. */
  readonly bin: string;
  opened(): string[];
  stop(): Promise<void>;
}

/** Starts `elowen daemon` in a fresh data directory; `script` is the offline model's YAML. */
export async function startE2eDaemon(script: string): Promise<E2eDaemon> {
  const home = mkdtempSync(join(tmpdir(), "elowen-e2e-"));
  writeFileSync(join(home, "script.yaml"), script);
  writeFileSync(
    join(home, "elowen.yaml"),
    [
      "model:",
      `  script: ${JSON.stringify(join(home, "script.yaml"))}`,
      "plugins:",
      `  dirs: [${JSON.stringify(DEMO_PLUGIN)}]`,
      "  settings:",
      '    "@elowen/plugin-code-mode": { hideDirectTools: false }',
      "",
    ].join("\n"),
  );
  const bin = join(home, "bin");
  mkdirSync(bin);
  writeFileSync(
    join(bin, "xdg-open"),
    `#!/bin/sh\nprintf '%s\\n' "$1" >> ${JSON.stringify(join(home, "opened.log"))}\n`,
  );
  chmodSync(join(bin, "xdg-open"), 0o755);
  const child: ChildProcess = spawn(process.execPath, [BIN, "daemon"], {
    env: { ...process.env, ELOWEN_HOME: home, ELOWEN_PORT: "0" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    out += chunk.toString();
  });
  await until(
    () => out.includes("Press Ctrl-C to stop."),
    `elowen daemon to start (it printed: ${out})`,
    60_000,
  );
  const url = /listening on (http:\/\/\S+)/.exec(out)?.[1] ?? "";
  const token = readFileSync(join(home, "owner.token"), "utf8").trim();
  return {
    home,
    url,
    bin,
    owner: new ElowenClient({ baseUrl: url, token }),
    opened: () => {
      try {
        return readFileSync(join(home, "opened.log"), "utf8").trim().split("\n").filter(Boolean);
      } catch {
        return [];
      }
    },
    async stop() {
      const exited = new Promise((resolve) => child.on("exit", resolve));
      child.kill("SIGINT");
      await exited;
      rmSync(home, { recursive: true, force: true });
    },
  };
}
