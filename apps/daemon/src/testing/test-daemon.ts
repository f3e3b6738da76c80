import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { ElowenClient } from "@elowen/client";
import type { TurnOutcome } from "@elowen/wire";
import type { ElowenConfigInput } from "../config/schema.js";
import { type HostedDaemon, startHostedDaemon } from "../lifecycle/daemon.js";
import { type EventLog, subscribeEvents, type WaitOptions } from "./event-log.js";
import {
  type AccountOptions,
  checkAccount,
  checkOptions,
  type TestDaemonOptions,
} from "./options.js";
import type { TestRunningDaemon } from "./test-host.js";
import { TestingError } from "./testing-error.js";

/** An account of the test instance: its id, its token and a client acting as it. */
export interface TestAccount {
  readonly id: number;
  readonly token: string;
  readonly client: ElowenClient;
}

/** A real daemon in this process on a free loopback port, with a fresh data directory. */
export interface TestDaemon {
  /** The running daemon, for what the HTTP API does not show (`daemon.host.store`, ...). */
  readonly daemon: TestRunningDaemon;
  /** Where it listens, e.g. `http://127.0.0.1:41234`. */
  readonly url: string;
  /** Its data directory (`daemon.json` and `owner.token` are in it); `close` removes it unless `options.home` named it. */
  readonly home: string;
  /** The instance owner's bearer token. */
  readonly ownerToken: string;
  /** A client signed in as the instance owner. */
  readonly owner: ElowenClient;
  /** The daemon's log lines so far, to show when a test fails or to assert a warning. */
  readonly lines: readonly string[];
  /** Creates an account (default role `user`) and issues its token. */
  createAccount(name: string, options?: AccountOptions): Promise<TestAccount>;
  /** Subscribes to a session's live events (as the owner unless `client`); resolves once open. */
  events(
    sessionId: string,
    options?: WaitOptions & { readonly client?: ElowenClient },
  ): Promise<EventLog>;
  /**
   * Submits `text` to a session (as the owner unless `client`) and waits for the turn to settle;
   * answers its outcome. A `prompt.submit` hook dropping it fails with `turn_dropped`.
   */
  submitTurn(
    sessionId: string,
    text: string,
    options?: { readonly client?: ElowenClient },
  ): Promise<TurnOutcome>;
  /**
   * Stops this daemon, keeping its data directory, and starts another on it with this one's
   * options, each field of `options` (but `home`) replacing the one it names. The new handle
   * owns the directory as this one did.
   */
  restart(options?: TestDaemonOptions): Promise<TestDaemon>;
  /**
   * Stops the daemon and removes its data directory (not one the caller named in `options.home`);
   * a second call, or a call after `restart` (whose new handle owns the directory), does nothing.
   */
  close(): Promise<void>;
}

/** A {@link TestDaemon} whose `daemon` has every internal seam: the daemon's own tests use it. */
export interface HostedTestDaemon extends TestDaemon {
  readonly daemon: HostedDaemon;
  restart(options?: TestDaemonOptions): Promise<HostedTestDaemon>;
}

/**
 * Starts the real daemon in this process for a test: a fresh temporary data directory (or
 * `options.home`), a free loopback port, no bundled plugins unless `config.plugins.bundled`, the
 * plugin directories of `options.plugins`, the offline model playing `options.script`, and the
 * environment ignored (no `ELOWEN_*` variable reaches it). Bad options fail with `TestingError` `invalid_option`
 * before anything starts; a refused plugin with `plugin_refused`; an invalid config with the
 * daemon's `ConfigError`. Always `close()` it (an `afterEach`), or the port and directory stay.
 */
export function startTestDaemon(options?: TestDaemonOptions): Promise<TestDaemon> {
  return startHostedTestDaemon(options);
}

/** {@link startTestDaemon} answering every internal seam of the daemon (its own tests). */
export async function startHostedTestDaemon(
  options?: TestDaemonOptions,
): Promise<HostedTestDaemon> {
  const checked = checkOptions(options);
  if (checked.home !== undefined) return launch(checked, checked.home, false);
  return launch(checked, mkdtempSync(join(tmpdir(), "elowen-test-daemon-")), true);
}

function daemonConfig(options: TestDaemonOptions, home: string): ElowenConfigInput {
  const config = options.config ?? {};
  let script: string | undefined;
  if (options.script !== undefined) {
    script = join(home, "test-script.yaml");
    writeFileSync(script, options.script);
  }
  return {
    ...config,
    server: { port: 0, ...config.server },
    model: { ...(script === undefined ? {} : { script }), ...config.model },
    plugins: {
      bundled: false,
      ...config.plugins,
      dirs: [...(options.plugins ?? []), ...(config.plugins?.dirs ?? [])],
    },
    // The machine's own ~/.claude/skills and working directory stay out of a test daemon.
    skills: {
      userHome: join(home, "user-home"),
      workspace: join(home, "workspace"),
      watch: false,
      ...config.skills,
    },
  };
}

/** Fails when a plugin named in `options.plugins` did not load, with the loader's reason. */
function checkPluginsLoaded(daemon: HostedDaemon, plugins: readonly string[]): void {
  for (const dir of plugins) {
    const state = daemon.host.registry.states.find((s) => resolve(s.dir) === resolve(dir));
    if (state?.state === "loaded") continue;
    throw new TestingError(
      "plugin_refused",
      state
        ? `the plugin ${state.name} at ${dir} was refused: ${state.reason ?? "no reason given"}`
        : `no plugin was found at ${dir}: it needs a package.json with an "elowen" manifest`,
    );
  }
}

/** Starts on `home`; `owned` homes are removed when the start fails and on `close`. */
async function launch(
  options: TestDaemonOptions,
  home: string,
  owned: boolean,
): Promise<HostedTestDaemon> {
  const remove = () => {
    if (owned) rmSync(home, { recursive: true, force: true });
  };
  const lines: string[] = [];
  let daemon: HostedDaemon;
  try {
    daemon = await startHostedDaemon({
      home,
      env: {},
      log: (line) => lines.push(line),
      config: daemonConfig(options, home),
      ...(options.webDir === undefined ? {} : { webDir: options.webDir }),
    });
  } catch (error) {
    remove();
    throw error;
  }
  try {
    checkPluginsLoaded(daemon, options.plugins ?? []);
  } catch (error) {
    await daemon.stop();
    remove();
    throw error;
  }
  const ownerToken = readFileSync(daemon.ownerTokenFile, "utf8").trim();
  const owner = new ElowenClient({ baseUrl: daemon.url, token: ownerToken });
  let state: "running" | "restarted" | "closed" = "running";
  const running = (what: string) => {
    if (state !== "running")
      throw new TestingError(
        "daemon_closed",
        `${what} needs a running daemon; this one was ${state === "closed" ? "closed" : "restarted (use the handle restart() answered)"}`,
      );
  };
  return {
    daemon,
    url: daemon.url,
    home,
    ownerToken,
    owner,
    lines,
    async createAccount(name, accountOptions) {
      const { role = "user", surface } = checkAccount(name, accountOptions);
      running("createAccount");
      const account = await owner.accounts.create({ name, role });
      const { token } = await owner.accounts.issueToken(account.id);
      const client = new ElowenClient({
        baseUrl: daemon.url,
        token,
        ...(surface === undefined ? {} : { surface }),
      });
      return { id: account.id, token, client };
    },
    events(sessionId, eventOptions = {}) {
      running("events");
      const { client = owner, ...wait } = eventOptions;
      return subscribeEvents(client, sessionId, wait);
    },
    async submitTurn(sessionId, text, submitOptions = {}) {
      if (typeof sessionId !== "string" || sessionId === "")
        throw new TestingError("invalid_option", "sessionId must be a non-empty string");
      if (typeof text !== "string" || text.trim() === "")
        throw new TestingError("invalid_option", "text must be a non-empty string");
      running("submitTurn");
      const client = submitOptions.client ?? owner;
      const reply = await client.sessions.submitTurn(sessionId, { text, waitForSettle: true });
      if (reply.status === "settled") return reply.outcome;
      if (reply.status === "dropped")
        throw new TestingError(
          "turn_dropped",
          `a prompt.submit hook dropped the turn in session ${sessionId}: ${reply.reason}`,
        );
      // `waitForSettle` answers settled or dropped; anything else is a daemon bug worth naming.
      throw new TestingError(
        "turn_dropped",
        `the daemon answered ${reply.status} to a submission that waits for its turn to settle`,
      );
    },
    async restart(overrides) {
      const checked = checkOptions(overrides);
      if (checked.home !== undefined)
        throw new TestingError(
          "invalid_option",
          "options.home cannot be given to restart: the daemon restarts on its own data directory",
        );
      const next = { ...options, ...checked };
      running("restart");
      state = "restarted";
      await daemon.stop();
      return launch(next, home, owned);
    },
    async close() {
      // After a restart the data directory belongs to the new handle.
      if (state !== "running") return;
      state = "closed";
      await daemon.stop();
      remove();
    },
  };
}
