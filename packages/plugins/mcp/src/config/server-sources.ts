import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { errorMessage } from "@elowen/plugin-shared/errors";
import { MCP_MAX_SERVERS, MCP_SERVER_NAME_PATTERN } from "../limits.js";
import { expandVariables } from "./expand-vars.js";
import { parseServerConfig, SERVER_NAME_RULE, type ServerConfig } from "./server-config.js";

/** Where a server's entry was read. */
export type ServerOrigin = "config" | "home" | "extra" | "workspace" | "account";

/** One configured server, named, with where it came from. */
export interface ConfiguredServer {
  readonly name: string;
  readonly origin: ServerOrigin;
  /** The file it was read from (absent for `elowen.yaml`'s settings). */
  readonly file?: string;
  /** The account whose own server this is (origin `account`): only its sessions see it. */
  readonly ownerUserId?: number;
  readonly config: ServerConfig;
}

/** The servers found, and each entry refused with the reason (field and rule). */
export interface ServerList {
  readonly servers: readonly ConfiguredServer[];
  readonly problems: readonly string[];
}

/** Reads servers from one `{ servers | mcpServers: { name: entry } }` mapping. */
export function serversOf(
  entries: unknown,
  where: string,
  origin: ServerOrigin,
  vars: Readonly<Record<string, string | undefined>>,
  file?: string,
): ServerList {
  if (entries === undefined) return { servers: [], problems: [] };
  if (typeof entries !== "object" || entries === null || Array.isArray(entries))
    return { servers: [], problems: [`${where}: a mapping of server names to servers`] };
  const servers: ConfiguredServer[] = [];
  const problems: string[] = [];
  for (const [rawName, raw] of Object.entries(entries)) {
    const at = `${where}.${rawName}`;
    const name = normalizeServerName(rawName);
    if (!MCP_SERVER_NAME_PATTERN.test(name)) {
      problems.push(`${at}: ${SERVER_NAME_RULE}`);
      continue;
    }
    const missing = new Set<string>();
    // An account's own servers never expand the daemon's environment: a header could carry it away.
    const expanded =
      origin === "config" || origin === "account" ? raw : expandVariables(raw, vars, missing);
    if (missing.size > 0) {
      problems.push(`${at}: the variable ${[...missing].join(", ")} is not set and has no default`);
      continue;
    }
    const checked = parseServerConfig(expanded, at);
    if (!checked.ok) problems.push(checked.message);
    else servers.push({ name, origin, config: checked.config, ...(file ? { file } : {}) });
  }
  return { servers, problems };
}

/** Other hosts allow names with dots or spaces; ours become `_` so tool names stay valid. */
export function normalizeServerName(name: string): string {
  return name.replace(/[^A-Za-z0-9_-]/g, "_");
}

/** Reads a `{ "mcpServers": ... }` file; an absent file is no servers, a broken one a problem. */
export function readMcpJson(
  file: string,
  origin: ServerOrigin,
  vars: Readonly<Record<string, string | undefined>>,
): ServerList {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { servers: [], problems: [] };
    return { servers: [], problems: [`${file}: cannot be read: ${errorMessage(error)}`] };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { servers: [], problems: [`${file}: is not JSON: ${errorMessage(error)}`] };
  }
  if (typeof json !== "object" || json === null || !("mcpServers" in json))
    return { servers: [], problems: [`${file}: has no "mcpServers" mapping`] };
  const extra = (json as { env?: unknown }).env;
  const fileVars =
    typeof extra === "object" && extra !== null
      ? { ...vars, ...(extra as Record<string, string>) }
      : vars;
  return serversOf((json as { mcpServers: unknown }).mcpServers, file, origin, fileVars, file);
}

/** The `*.json` files of a directory, sorted; none when it does not exist. */
export function jsonFilesIn(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((name) => name.endsWith(".json"))
      .sort()
      .map((name) => join(dir, name));
  } catch {
    return [];
  }
}

/**
 * Merges the lists in precedence order (first wins a name); a later entry of a name already taken
 * is reported. More than MCP_MAX_SERVERS servers: the rest are refused.
 */
export function mergeServerLists(lists: readonly ServerList[]): ServerList {
  const byName = new Map<string, ConfiguredServer>();
  const problems: string[] = [];
  for (const list of lists) {
    problems.push(...list.problems);
    for (const server of list.servers) {
      const first = byName.get(server.name);
      if (first) {
        problems.push(
          `${server.file ?? server.origin}: server ${server.name} is also configured in ${first.file ?? "elowen.yaml"}, which wins`,
        );
        continue;
      }
      if (byName.size >= MCP_MAX_SERVERS) {
        problems.push(`server ${server.name} is left out: at most ${MCP_MAX_SERVERS} servers`);
        continue;
      }
      byName.set(server.name, server);
    }
  }
  return { servers: [...byName.values()], problems };
}
