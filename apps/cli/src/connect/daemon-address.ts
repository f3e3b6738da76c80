import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { z } from "zod";
import { usageError } from "../cli/cli-error.js";

/** The port a daemon listens on when nothing names another (the daemon's own default). */
export const DEFAULT_DAEMON_PORT = 7457;

/** The name of the file a running daemon writes in its data directory: `{ url, pid, startedAt }`. */
export const DAEMON_FILE_NAME = "daemon.json";
/** The name of the instance owner's token file in the data directory. */
export const OWNER_TOKEN_FILE_NAME = "owner.token";

const DaemonFileSchema = z.object({
  url: z.string().url(),
  pid: z.number().int().positive(),
  startedAt: z.number().optional(),
});
/** What `daemon.json` holds. */
export type DaemonFileContent = z.infer<typeof DaemonFileSchema>;

/** Where the CLI looks for a daemon, and how it signs in. */
export interface DaemonAddress {
  /** The data directory (`--home`, `$ELOWEN_HOME`, `~/.elowen`). */
  readonly home: string;
  /** The daemon's URL. */
  readonly url: string;
  /** Where the URL came from: named explicitly (`--url`, `$ELOWEN_URL`) or found locally. */
  readonly source: "option" | "env" | "daemon.json" | "default";
  /** The bearer token, if one was found. */
  readonly token: string | undefined;
}

/** Reads `<home>/daemon.json`; undefined when it is missing or unreadable. */
export function readDaemonFile(home: string): DaemonFileContent | undefined {
  try {
    const parsed = DaemonFileSchema.safeParse(
      JSON.parse(readFileSync(join(home, DAEMON_FILE_NAME), "utf8")),
    );
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Reads `<home>/owner.token`; undefined when it is missing or empty. */
export function readOwnerToken(home: string): string | undefined {
  try {
    const token = readFileSync(join(home, OWNER_TOKEN_FILE_NAME), "utf8").trim();
    return token === "" ? undefined : token;
  } catch {
    return undefined;
  }
}

/**
 * Resolves the data directory, the daemon's URL and the token from the options, the environment
 * and the files a local daemon writes, in that order. A URL that is not http(s) is a usage error.
 */
export function resolveDaemonAddress(
  options: { readonly url?: string; readonly token?: string; readonly home?: string },
  env: Readonly<Record<string, string | undefined>>,
): DaemonAddress {
  const home = resolve(options.home ?? nonEmpty(env.ELOWEN_HOME) ?? join(homedir(), ".elowen"));
  const token = options.token ?? nonEmpty(env.ELOWEN_TOKEN) ?? readOwnerToken(home);
  const explicit = options.url ?? nonEmpty(env.ELOWEN_URL);
  if (explicit !== undefined) {
    return {
      home,
      url: checkUrl(explicit, options.url !== undefined ? "--url" : "ELOWEN_URL"),
      source: options.url !== undefined ? "option" : "env",
      token,
    };
  }
  const file = readDaemonFile(home);
  if (file) return { home, url: file.url, source: "daemon.json", token };
  const port = nonEmpty(env.ELOWEN_PORT) ?? String(DEFAULT_DAEMON_PORT);
  return { home, url: `http://127.0.0.1:${port}`, source: "default", token };
}

function checkUrl(raw: string, field: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw usageError(
      `${field} must be an absolute http(s) URL such as http://127.0.0.1:7457, not "${raw}"`,
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw usageError(`${field} must be an http or https URL, not ${url.protocol.slice(0, -1)}`);
  return url.href.replace(/\/+$/, "");
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === "" ? undefined : value;
}
