import { z } from "zod";

/** The MCP plugin's servers route (`@elowen/plugin-mcp`). */
export const MCP_SERVERS_PATH = "/plugins/mcp/servers";

/** What an untrusted workspace server would run or reach (names of env and headers only). */
const McpServerLaunchSchema = z.union([
  z.object({
    command: z.string(),
    args: z.array(z.string()),
    cwd: z.string().optional(),
    env: z.array(z.string()),
  }),
  z.object({ url: z.string(), headers: z.array(z.string()) }),
]);

/**
 * One server as `GET /plugins/mcp/servers` lists it (unknown fields dropped). `reason`, `file` and
 * `launch` come to administrators (and `reason` to a server's own account) only.
 */
export const McpServerRowSchema = z.object({
  name: z.string().min(1),
  source: z.string(),
  transport: z.string(),
  status: z.string(),
  tools: z.number().int().nonnegative(),
  auth: z.string(),
  reason: z.string().optional(),
  file: z.string().optional(),
  launch: McpServerLaunchSchema.optional(),
});
/** One listed MCP server. */
export type McpServerRow = z.infer<typeof McpServerRowSchema>;

/**
 * Every answer of the MCP plugin's servers routes: the caller's servers, a message after a change,
 * and after a sign-in began the authorization link to open.
 */
export const McpServerListSchema = z.object({
  servers: z.array(McpServerRowSchema),
  message: z.string().optional(),
  openUrl: z.string().optional(),
});
/** An answer of the MCP plugin's servers routes. */
export type McpServerList = z.infer<typeof McpServerListSchema>;
