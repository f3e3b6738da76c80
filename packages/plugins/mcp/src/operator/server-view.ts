import type { ServerConfig } from "../config/server-config.js";
import type { ServerOrigin } from "../config/server-sources.js";
import type { ServerSet } from "../servers/server-set.js";

/** Where a server is configured, as `elowen mcp list` and the web settings name it. */
export type ServerSource = "yaml" | "mcp.json" | "plugin" | "workspace" | "account";

const SOURCE_OF: Readonly<Record<ServerOrigin, ServerSource>> = {
  config: "yaml",
  home: "mcp.json",
  extra: "plugin",
  workspace: "workspace",
  account: "account",
};

/**
 * What a server would run or reach, so the owner sees it before approving a workspace file.
 * Environment and header values are left out (they are often `${VAR}`-expanded secrets): only
 * their names are listed.
 */
export type ServerLaunch =
  | {
      readonly command: string;
      readonly args: readonly string[];
      readonly cwd?: string;
      readonly env: readonly string[];
    }
  | { readonly url: string; readonly headers: readonly string[] };

/** One server as the operator surface lists it. */
export interface ServerView {
  readonly name: string;
  readonly source: ServerSource;
  readonly transport: "stdio" | "http";
  readonly status: string;
  readonly tools: number;
  readonly auth: string;
  readonly reason?: string;
  /** The file it is configured in (administrators only). */
  readonly file?: string;
  /** What an untrusted (unapproved workspace) server would run (administrators only). */
  readonly launch?: ServerLaunch;
}

/** What a server's entry runs or reaches, values of `env` and `headers` left out. */
export function serverLaunch(config: ServerConfig): ServerLaunch {
  if (config.transport === "http")
    return { url: config.url, headers: Object.keys(config.headers ?? {}) };
  return {
    command: config.command,
    args: [...(config.args ?? [])],
    ...(config.cwd === undefined ? {} : { cwd: config.cwd }),
    env: Object.keys(config.env ?? {}),
  };
}

/**
 * The servers an account sees: every instance server and its own (another account's never).
 * Administrators also read each server's file and failure reason, and what an untrusted one
 * would run.
 */
export function serverViews(set: ServerSet, userId: number | null, isAdmin: boolean): ServerView[] {
  const connections = set.visibleTo(userId);
  const rows = set.statusRows(connections) ?? [];
  return connections.map((c, index) => {
    const row = rows[index];
    const own = c.server.ownerUserId !== undefined;
    const reason = isAdmin || own ? row?.reason : undefined;
    const file = isAdmin ? c.server.file : undefined;
    const launch = isAdmin && c.state === "untrusted" ? serverLaunch(c.server.config) : undefined;
    return {
      name: c.server.name,
      source: SOURCE_OF[c.server.origin],
      transport: c.server.config.transport,
      status: row?.status ?? c.state,
      tools: row?.tools ?? 0,
      auth: row?.auth.state ?? "none",
      ...(reason === undefined ? {} : { reason }),
      ...(file === undefined ? {} : { file }),
      ...(launch === undefined ? {} : { launch }),
    };
  });
}
