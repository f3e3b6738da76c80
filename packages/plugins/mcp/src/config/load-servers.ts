import { basename, join } from "node:path";
import type { McpSettings } from "./plugin-settings.js";
import {
  type ConfiguredServer,
  jsonFilesIn,
  mergeServerLists,
  readMcpJson,
  type ServerList,
  serversOf,
} from "./server-sources.js";

/** Where the plugin reads servers from. */
export interface ServerSourcePaths {
  /** `$ELOWEN_HOME`: `mcp.json` and the `mcp.d/*.json` files of installed plugins are read there. */
  readonly home: string | undefined;
  /** The workspace whose `.mcp.json` is read. */
  readonly workspace: string;
  /** Expands `${VAR}` (the daemon's environment). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Where each account's own servers are kept, `<accounts>/<userId>.json` (none when absent). */
  readonly accounts?: string;
}

/**
 * Every configured server, first source winning a name: `elowen.yaml`'s `mcp.servers`, then
 * `$ELOWEN_HOME/mcp.json`, then the `$ELOWEN_HOME/mcp.d/*.json` files (one per installed plugin
 * that brings servers, in name order), then the workspace's `.mcp.json`, then the accounts' own
 * `url` servers.
 */
export function loadServers(settings: McpSettings, paths: ServerSourcePaths): ServerList {
  const lists: ServerList[] = [serversOf(settings.servers, "mcp.servers", "config", paths.env)];
  if (paths.home !== undefined) {
    lists.push(readMcpJson(join(paths.home, "mcp.json"), "home", paths.env));
    for (const file of jsonFilesIn(join(paths.home, "mcp.d")))
      lists.push(readMcpJson(file, "extra", paths.env));
  }
  lists.push(readMcpJson(join(paths.workspace, ".mcp.json"), "workspace", paths.env));
  if (paths.accounts !== undefined)
    for (const file of jsonFilesIn(paths.accounts)) lists.push(accountServers(file));
  return mergeServerLists(lists);
}

/** One account's file: its `url` servers, each marked as that account's own. */
function accountServers(file: string): ServerList {
  const userId = Number(basename(file, ".json"));
  if (!Number.isSafeInteger(userId) || userId < 0)
    return { servers: [], problems: [`${file}: an account's file is named <userId>.json`] };
  const list = readMcpJson(file, "account", {});
  const servers: ConfiguredServer[] = [];
  const problems = [...list.problems];
  for (const server of list.servers)
    if (server.config.transport !== "http")
      problems.push(`${file}.${server.name}: an account's own server is a "url" server`);
    else servers.push({ ...server, ownerUserId: userId });
  return { servers, problems };
}
