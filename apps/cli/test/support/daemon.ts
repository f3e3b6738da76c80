import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ElowenClient } from "@elowen/client";
import { type RunningDaemon, startDaemon } from "@elowen/daemon";

/** The demo plugin (`demo/cli-kit`): a sign-in picker with a notice and URL, a task picker, tools for turns. */
export const DEMO_PLUGIN = join(import.meta.dirname, "..", "..", "demo", "cli-kit");

/**
 * The daemon's prompt-box test plugin (`box-kit`): it hooks every prompt-box chain of seed 004,
 * and its routes call `ctx.prompt.fill`, `suggest` and `read` for a session.
 */
export const BOX_KIT_PLUGIN = join(
  import.meta.dirname,
  "../../../daemon/test/fixtures/plugins/box-kit",
);

/** A fresh data directory. */
export function tempHome(): string {
  return mkdtempSync(join(tmpdir(), "elowen-cli-test-"));
}

/** A real daemon on loopback in this process, with its owner's client. */
export interface TestDaemon {
  readonly daemon: RunningDaemon;
  readonly home: string;
  readonly url: string;
  readonly token: string;
  readonly owner: ElowenClient;
  close(): Promise<void>;
}

/**
 * Starts the real daemon (the offline model with `script`, the bundled plugins, cli-kit and any
 * `plugins`) on a free loopback port, in a fresh data directory.
 */
export async function startTestDaemon(
  options: {
    readonly script?: string;
    readonly bundled?: boolean;
    readonly home?: string;
    /** More plugin directories beside cli-kit. */
    readonly plugins?: readonly string[];
  } = {},
): Promise<TestDaemon> {
  const home = options.home ?? tempHome();
  let script: string | undefined;
  if (options.script !== undefined) {
    script = join(home, "script.yaml");
    writeFileSync(script, options.script);
  }
  const daemon = await startDaemon({
    home,
    env: {},
    log: () => {},
    config: {
      server: { port: 0 },
      model: script === undefined ? {} : { script },
      plugins: {
        bundled: options.bundled ?? true,
        dirs: [DEMO_PLUGIN, ...(options.plugins ?? [])],
        // Direct tools stay callable beside exec, so a script can call both.
        settings: { "@elowen/plugin-code-mode": { hideDirectTools: false } },
      },
    },
  });
  const token = readFileSync(daemon.ownerTokenFile, "utf8").trim();
  let closed = false;
  return {
    daemon,
    home,
    url: daemon.url,
    token,
    owner: new ElowenClient({ baseUrl: daemon.url, token }),
    async close() {
      if (closed) return;
      closed = true;
      await daemon.stop();
      if (!options.home) rmSync(home, { recursive: true, force: true });
    },
  };
}
