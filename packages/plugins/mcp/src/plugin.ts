import { join } from "node:path";
import type { PluginContext } from "@elowen/plugin-api";
import { errorMessage } from "@elowen/plugin-shared/errors";
import { guardedFetch } from "./auth/guarded-fetch.js";
import { oauthRecordFile } from "./auth/oauth-record.js";
import { SignIns } from "./auth/sign-in.js";
import { watchConfigFiles } from "./config/config-watch.js";
import { loadServers } from "./config/load-servers.js";
import { parseMcpSettings } from "./config/plugin-settings.js";
import type { ConfiguredServer } from "./config/server-sources.js";
import { checkServerUrl, type HostLookup, systemLookup } from "./config/url-policy.js";
import { WorkspaceTrust } from "./config/workspace-trust.js";
import { MCP_CONFIG_BURST_MAX_MS, MCP_CONFIG_QUIET_MS, MCP_CONFIG_RECHECK_MS } from "./limits.js";
import { mcpPicker } from "./mcp-picker.js";
import type { ServerAdminOptions } from "./operator/server-admin.js";
import { serverRoutes } from "./operator/server-routes.js";
import { promptAliases, promptTransform } from "./prompts/prompt-commands.js";
import { registerResourceMentions } from "./resources/resource-mentions.js";
import { hasResources } from "./resources/resource-read.js";
import { resourceTools } from "./resources/resource-tools.js";
import { ServerSet } from "./servers/server-set.js";

/** How the plugin is built: the defaults are the daemon's environment and working directory. */
export interface McpPluginSeams {
  /** The environment `${VAR}` expands from (default `process.env`). */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** The workspace whose `.mcp.json` is read when the settings name none (default `process.cwd()`). */
  readonly workspace?: string;
  /** Resolves the hosts of accounts' `url` servers for the address rules (default: the system's). */
  readonly lookup?: HostLookup;
}

/** What {@link registerMcp} started: the servers, and when the config files are watched. */
export interface McpPluginHandle {
  readonly set: ServerSet;
  /** Settles once edits of `mcp.json`, `mcp.d/` and the accounts' files are seen. */
  readonly watching: Promise<void>;
}

/**
 * Reads the configured servers, starts connecting them without waiting (the daemon's readiness
 * does not wait for any server), offers their tools as a tool source, their rows to
 * `GET /brain/status`, the operator routes and the `/mcp` picker, follows edits of `mcp.json`,
 * `mcp.d/` and the accounts' files live, and stops every server on `plugin.shutdown`.
 */
export function registerMcp(ctx: PluginContext, options: McpPluginSeams = {}): McpPluginHandle {
  const settings = parseMcpSettings(ctx.settings);
  const workspace = settings.workspace ?? options.workspace ?? process.cwd();
  const accounts = join(ctx.dataDir, "accounts");
  const paths = { home: ctx.homeDir, workspace, env: options.env ?? process.env, accounts };
  const lookup = options.lookup ?? systemLookup;
  const checkUrl = (url: string) => checkServerUrl(url, settings.allowPrivateUrls, lookup);
  // Checked again at each connect: a host may resolve elsewhere than when it was added.
  const admit = async (server: ConfiguredServer) => {
    const { origin, config } = server;
    if (origin !== "account" || config.transport !== "http" || config.ownerAdded === true) return;
    const reach = await checkUrl(config.url);
    return reach.ok ? undefined : reach.message;
  };
  const set = new ServerSet({
    log: ctx.log,
    ...(ctx.images === undefined ? {} : { images: ctx.images }),
    cwd: workspace,
    clientVersion: ctx.manifest.version,
    admit,
    oauthFile: (server) => oauthRecordFile(ctx.dataDir, server.name, server.ownerUserId),
    fetchFor: (server) =>
      server.origin === "account" &&
      server.config.transport === "http" &&
      server.config.ownerAdded !== true
        ? guardedFetch(server.config.url, async (url) => {
            const reach = await checkUrl(url);
            return reach.ok ? undefined : reach.message;
          })
        : undefined,
  });
  const trust = new WorkspaceTrust(ctx.dataDir);
  let reported = "";
  let queue = Promise.resolve();
  const reload = (): Promise<void> => {
    // The queue itself never rejects: a failed reload is logged and the next one still runs.
    const run = queue.then(async () => {
      const list = loadServers(settings, paths);
      const problems = list.problems.join("\n");
      if (problems !== reported)
        for (const problem of list.problems) ctx.log.warn(`mcp: ${problem}`);
      reported = problems;
      await set.apply(
        list.servers,
        (server) => server.origin !== "workspace" || trust.trusted(server.file ?? ""),
      );
    });
    queue = run.catch((error) => ctx.log.error(`mcp: reload failed: ${errorMessage(error)}`));
    return queue;
  };
  const admin: ServerAdminOptions = {
    set,
    trust,
    home: ctx.homeDir,
    accounts,
    reload,
    checkUrl,
    signIns: new SignIns(set),
    ...(settings.publicUrl === undefined ? {} : { publicUrl: settings.publicUrl }),
  };
  const resourceToolList = resourceTools(set, ctx.images);
  ctx.registerToolSource(() => {
    const userId = ctx.currentAccess().userId;
    const tools = set.tools(userId);
    return set.visibleTo(userId).some(hasResources) ? [...tools, ...resourceToolList] : tools;
  });
  registerResourceMentions(ctx, set);
  ctx.registerBrainStatusProvider(({ isAdmin }) => {
    const rows = isAdmin ? set.statusRows() : undefined;
    return rows === undefined ? undefined : { mcp: rows };
  });
  const home = ctx.homeDir;
  const watcher = watchConfigFiles(
    home === undefined ? [] : [join(home, "mcp.json")],
    home === undefined ? [accounts] : [join(home, "mcp.d"), accounts],
    {
      quietMs: MCP_CONFIG_QUIET_MS,
      maxMs: MCP_CONFIG_BURST_MAX_MS,
      recheckMs: MCP_CONFIG_RECHECK_MS,
    },
    () => void reload(),
  );
  ctx.registerHook({
    name: "plugin.shutdown",
    run: async () => {
      await watcher.close();
      await queue.catch(() => undefined);
      await set.stop();
    },
  });
  ctx.registerCommand(mcpPicker(admin));
  ctx.registerCommandProvider(async ({ access }) => promptAliases(set, access.userId));
  ctx.registerInputTransform(promptTransform(set));
  for (const route of serverRoutes(admin)) ctx.registerRoute(route);
  void reload();
  return { set, watching: watcher.ready };
}
