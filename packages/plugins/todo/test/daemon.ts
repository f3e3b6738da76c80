import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ElowenClient, parseSessionEvent, type TypedSessionEvent } from "@elowen/client";
// The daemon depends on this plugin (it bundles it), so a dependency back on @elowen/daemon would
// make a package cycle. These tests load its build by path instead; this package's turbo.json
// orders @elowen/daemon#build before its typecheck and tests.
import type { ElowenConfigInput, RunningDaemon } from "../../../../apps/daemon/dist/index.js";

const daemonModule = new URL("../../../../apps/daemon/dist/index.js", import.meta.url).href;
const { startDaemon } = (await import(
  daemonModule
)) as typeof import("../../../../apps/daemon/dist/index.js");

/** This package's directory: the daemon loads the plugin from it, through its manifest's entry. */
export const PLUGIN_DIR = new URL("..", import.meta.url).pathname;

/** A real daemon in this process, on a free loopback port, with only this plugin loaded. */
export interface TestDaemon {
  readonly daemon: RunningDaemon;
  readonly home: string;
  readonly owner: ElowenClient;
  /** Log lines, to show when a test fails. */
  readonly lines: string[];
  /** Stops the daemon; the data directory stays unless `remove`. */
  stop(remove?: boolean): Promise<void>;
}

/** A fresh data directory. */
export function tempHome(): string {
  return mkdtempSync(join(tmpdir(), "plugin-e2e-"));
}

/** Starts a daemon on `home` with the offline model playing `script` (YAML). */
export async function startTestDaemon(
  home: string,
  script: string,
  config: ElowenConfigInput = {},
): Promise<TestDaemon> {
  const file = join(home, "script.yaml");
  writeFileSync(file, script);
  const lines: string[] = [];
  const daemon = await startDaemon({
    home,
    env: {},
    writeDaemonFile: false,
    log: (line: string) => lines.push(line),
    config: {
      ...config,
      server: { port: 0 },
      model: { script: file },
      plugins: { bundled: false, dirs: [PLUGIN_DIR], ...config.plugins },
    },
  });
  const token = readFileSync(daemon.ownerTokenFile, "utf8").trim();
  const owner = new ElowenClient({ baseUrl: daemon.url, token });
  return {
    daemon,
    home,
    owner,
    lines,
    async stop(remove = false) {
      await daemon.stop();
      if (remove) rmSync(home, { recursive: true, force: true });
    },
  };
}

/** A session's live events over real SSE, parsed; `next` waits for the first of a type. */
export interface EventLog {
  readonly events: TypedSessionEvent[];
  next<T extends TypedSessionEvent["type"]>(
    type: T,
  ): Promise<Extract<TypedSessionEvent, { type: T }>>;
  of<T extends TypedSessionEvent["type"]>(type: T): Extract<TypedSessionEvent, { type: T }>[];
  close(): Promise<void>;
}

/** Subscribes to a session's events; resolves once the stream is open. */
export async function subscribe(client: ElowenClient, sessionId: string): Promise<EventLog> {
  const events: TypedSessionEvent[] = [];
  const waiters: { type: string; resolve: (event: TypedSessionEvent) => void }[] = [];
  let opened: () => void = () => undefined;
  const open = new Promise<void>((resolve) => {
    opened = resolve;
  });
  const subscription = client.sessions.events(sessionId, {
    onOpen: () => opened(),
    onEvent: (raw) => {
      const event = parseSessionEvent(raw);
      if (!event) return;
      events.push(event);
      for (const waiter of waiters.filter((w) => w.type === event.type)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(event);
      }
    },
  });
  await open;
  const of = <T extends TypedSessionEvent["type"]>(type: T) =>
    events.filter((e) => e.type === type) as Extract<TypedSessionEvent, { type: T }>[];
  return {
    events,
    of,
    next: (type) => {
      const found = of(type)[0];
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => waiters.push({ type, resolve: resolve as never }));
    },
    close: () => subscription.close(),
  };
}
