import type { PluginContext } from "@elowen/plugin-api";
import { loadServers } from "./config/load-servers.js";
import { parseMcpSettings } from "./config/plugin-settings.js";
import { WorkspaceTrust } from "./config/workspace-trust.js";
import { mcpPicker } from "./mcp-picker.js";
import { promptAliases, promptTransform } from "./prompts/prompt-commands.js";
import { ServerSet } from "./servers/server-set.js";

/** How the plugin is built: the defaults are the daemon's environment and working directory. */
export interface McpPluginSeams {
  /** The environment `${VAR}` expands from (default `process.env`). */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** The workspace whose `.mcp.json` is read when the settings name none (default `process.cwd()`). */
  readonly workspace?: string;
}

/**
 * Reads the configured servers, starts connecting them without waiting (the daemon's readiness
 * does not wait for any server), offers their tools as a tool source, their rows to
 * `GET /brain/status`, and stops them on `plugin.shutdown`.
 */
export function registerMcp(ctx: PluginContext, options: McpPluginSeams = {}): ServerSet {
  const settings = parseMcpSettings(ctx.settings);
  const workspace = settings.workspace ?? options.workspace ?? process.cwd();
  const list = loadServers(settings, {
    home: ctx.homeDir,
    workspace,
    env: options.env ?? process.env,
  });
  for (const problem of list.problems) ctx.log.warn(`mcp: ${problem}`);
  const set = new ServerSet({ log: ctx.log, cwd: workspace, clientVersion: ctx.manifest.version });
  ctx.registerToolSource(() => set.tools());
  ctx.registerBrainStatusProvider(({ isAdmin }) => {
    const rows = isAdmin ? set.statusRows() : undefined;
    return rows === undefined ? undefined : { mcp: rows };
  });
  ctx.registerHook({ name: "plugin.shutdown", run: () => set.stop() });
  const trust = new WorkspaceTrust(ctx.dataDir);
  ctx.registerCommand(mcpPicker(set, trust));
  ctx.registerCommandProvider(async () => promptAliases(set));
  ctx.registerInputTransform(promptTransform(set));
  set.start(
    list.servers,
    (server) => server.origin !== "workspace" || trust.trusted(server.file ?? ""),
  );
  return set;
}
