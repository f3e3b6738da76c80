import { join } from "node:path";
import type { McpSettings } from "./plugin-settings.js";
import {
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
}

/**
 * Every configured server, first source winning a name: `elowen.yaml`'s `mcp.servers`, then
 * `$ELOWEN_HOME/mcp.json`, then the `$ELOWEN_HOME/mcp.d/*.json` files (one per installed plugin
 * that brings servers, in name order), then the workspace's `.mcp.json`.
 */
export function loadServers(settings: McpSettings, paths: ServerSourcePaths): ServerList {
  const lists: ServerList[] = [serversOf(settings.servers, "mcp.servers", "config", paths.env)];
  if (paths.home !== undefined) {
    lists.push(readMcpJson(join(paths.home, "mcp.json"), "home", paths.env));
    for (const file of jsonFilesIn(join(paths.home, "mcp.d")))
      lists.push(readMcpJson(file, "extra", paths.env));
  }
  lists.push(readMcpJson(join(paths.workspace, ".mcp.json"), "workspace", paths.env));
  return mergeServerLists(lists);
}
