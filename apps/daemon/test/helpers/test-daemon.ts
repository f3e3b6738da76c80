import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ElowenClient } from "@elowen/client";
import type { ElowenConfigInput } from "../../src/config/schema.js";
import { type RunningDaemon, startDaemon } from "../../src/daemon.js";

/** The directory of a fixture plugin. */
export function fixturePlugin(name: string): string {
  return join(import.meta.dirname, "..", "fixtures", "plugins", name);
}

/** A fresh temporary data directory. */
export function tempHome(): string {
  return mkdtempSync(join(tmpdir(), "elowen-daemon-test-"));
}

/** A daemon on loopback with a fresh data directory, its owner client and its log lines. */
export interface TestDaemon {
  readonly daemon: RunningDaemon;
  readonly home: string;
  readonly lines: string[];
  readonly ownerToken: string;
  readonly owner: ElowenClient;
  /** A raw request with an optional bearer token. */
  request(path: string, init?: RequestInit & { token?: string | null }): Promise<Response>;
  /** Creates an account with its own token and client. */
  account(
    name: string,
    role?: "admin" | "user",
  ): Promise<{ id: number; token: string; client: ElowenClient }>;
  close(): Promise<void>;
}

/** Starts a daemon in-process on a free loopback port with the named fixture plugins. */
export async function startTestDaemon(
  options: {
    readonly plugins?: readonly string[];
    readonly config?: ElowenConfigInput;
    readonly home?: string;
  } = {},
): Promise<TestDaemon> {
  const home = options.home ?? tempHome();
  const lines: string[] = [];
  const config: ElowenConfigInput = {
    ...options.config,
    server: { port: 0, ...options.config?.server },
    plugins: {
      bundled: false,
      dirs: (options.plugins ?? []).map(fixturePlugin),
      ...options.config?.plugins,
    },
  };
  const daemon = await startDaemon({ home, env: {}, log: (line) => lines.push(line), config });
  const ownerToken = readFileSync(daemon.ownerTokenFile, "utf8").trim();
  const owner = new ElowenClient({ baseUrl: daemon.url, token: ownerToken });
  let closed = false;
  return {
    daemon,
    home,
    lines,
    ownerToken,
    owner,
    request(path, init = {}) {
      const { token = ownerToken, headers, ...rest } = init;
      return fetch(`${daemon.url}${path}`, {
        ...rest,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(headers as Record<string, string>),
        },
      });
    },
    async account(name, role = "user") {
      const account = await owner.accounts.create({ name, role });
      const issued = await owner.accounts.issueToken(account.id);
      return {
        id: account.id,
        token: issued.token,
        client: new ElowenClient({ baseUrl: daemon.url, token: issued.token }),
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      await daemon.stop();
      if (!options.home) rmSync(home, { recursive: true, force: true });
    },
  };
}
