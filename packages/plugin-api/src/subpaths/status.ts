/** `@elowen/plugin-api/status`. Status seams: brain status providers and rows, MCP status rows and auth states. */

export type {
  BrainStatus,
  BrainStatusContribution,
  BrainStatusModel,
  BrainStatusProvider,
  BrainStatusProviderArgs,
  McpStatusRow,
  PluginMcpAuthState,
} from "../status.js";
export {
  BRAIN_STATUS_PROVIDER_FIELDS,
  McpStatusRowSchema,
  PLUGIN_MCP_AUTH_STATES,
} from "../status.js";
