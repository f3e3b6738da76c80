import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ElowenClient } from "@elowen/client";
import type { ElowenConfigInput } from "../../src/config/schema.js";
import {
  type HostedTestDaemon as Harness,
  startHostedTestDaemon as startHarness,
} from "../../src/testing/test-daemon.js";

/** The directory of a fixture plugin. */
export function fixturePlugin(name: string): string {
  return join(import.meta.dirname, "..", "fixtures", "plugins", name);
}

/** A fresh temporary data directory. */
export function tempHome(): string {
  return mkdtempSync(join(tmpdir(), "elowen-daemon-test-"));
}

/** The public test daemon (@elowen/daemon/testing) with raw requests and the older account helper. */
export interface TestDaemon extends Harness {
  /** A raw request with an optional bearer token (the owner's unless `token`; null: none). */
  request(path: string, init?: RequestInit & { token?: string | null }): Promise<Response>;
  /** Creates an account with its own token and client. */
  account(
    name: string,
    role?: "admin" | "user",
  ): Promise<{ id: number; token: string; client: ElowenClient }>;
}

/**
 * Starts a daemon in-process on a free loopback port with the named fixture plugins. They go in
 * as `config.plugins.dirs`, so a fixture the loader refuses is a state to assert, not a failure.
 */
export async function startTestDaemon(
  options: {
    readonly plugins?: readonly string[];
    readonly config?: ElowenConfigInput;
    readonly home?: string;
  } = {},
): Promise<TestDaemon> {
  const config = options.config ?? {};
  const t = await startHarness({
    ...(options.home === undefined ? {} : { home: options.home }),
    config: {
      ...config,
      plugins: {
        ...config.plugins,
        dirs: [...(options.plugins ?? []).map(fixturePlugin), ...(config.plugins?.dirs ?? [])],
      },
    },
  });
  return {
    ...t,
    request(path, init = {}) {
      const { token = t.ownerToken, headers, ...rest } = init;
      return fetch(`${t.url}${path}`, {
        ...rest,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(headers as Record<string, string>),
        },
      });
    },
    account: (name, role = "user") => t.createAccount(name, { role }),
  };
}

/**
 * The names of the skills the catalog offers the instance owner to invoke (`invocation: "user"`),
 * in the session `sessionId` when given (its workspace's folders count).
 */
export function ownerSkillNames(daemon: TestDaemon, sessionId?: string): string[] {
  return daemon.daemon.host.registry.skills
    .visibleEntries({
      invocation: "user",
      access: {
        userId: 1,
        role: "owner",
        isAdmin: true,
        isOwner: true,
        surface: "cli",
        allAccess: false,
        grants: [],
        ...(sessionId === undefined ? {} : { sessionId }),
      },
    })
    .map((entry) => entry.name);
}
