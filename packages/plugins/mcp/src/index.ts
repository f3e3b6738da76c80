/**
 * @elowen/plugin-mcp: a Model Context Protocol client on the official TypeScript SDK. The tools of
 * the servers configured in `elowen.yaml` (`mcp.servers`), `$ELOWEN_HOME/mcp.json`,
 * `$ELOWEN_HOME/mcp.d/*.json` and the workspace's `.mcp.json` become model tools named
 * `mcp__<server>__<tool>`. Written as a third-party plugin: it uses only @elowen/plugin-api,
 * @elowen/plugin-shared, zod and @modelcontextprotocol/sdk.
 */
import { definePlugin, type ElowenPlugin } from "@elowen/plugin-api";
import { registerMcp } from "./plugin.js";

/** The MCP plugin, as the host loads it; its settings are {@link McpPluginOptions}. */
const plugin: ElowenPlugin = definePlugin({
  register(ctx) {
    registerMcp(ctx);
  },
});
export default plugin;

export type { McpPluginOptions, McpServerOptions } from "./config/plugin-settings.js";
