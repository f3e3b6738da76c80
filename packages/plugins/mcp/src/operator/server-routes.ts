import type { Access } from "@elowen/plugin-api/access";
import type { PluginResponse, PluginRouteHandler } from "@elowen/plugin-api/routes";
import {
  type AdminOutcome,
  addServer,
  approveWorkspace,
  removeServer,
  type ServerAdminOptions,
} from "./server-admin.js";
import { serverViews } from "./server-view.js";

/**
 * The routes `elowen mcp` and the web settings use:
 * - `GET /plugins/mcp/servers`: `{ servers }`, the servers the caller sees (see `serverViews`);
 * - `POST /plugins/mcp/servers`: adds one (`{ name, scope?, command | url, ... }`), 201;
 * - `DELETE /plugins/mcp/servers/:name`: removes one;
 * - `POST /plugins/mcp/servers/:name/approve`: the owner approves its workspace `.mcp.json`.
 * A refusal is `{ error }` naming the field and the rule, with 400, 403, 404 or 409.
 */
export function serverRoutes(options: ServerAdminOptions): PluginRouteHandler[] {
  const list = (userId: number | null, isAdmin: boolean) => ({
    servers: serverViews(options.set, userId, isAdmin),
  });
  const answer = (outcome: AdminOutcome, status: number, access: Access) =>
    (outcome.ok
      ? { status, json: { message: outcome.message, ...list(access.userId, access.isAdmin) } }
      : { status: outcome.status, json: { error: outcome.message } }) satisfies PluginResponse;
  return [
    {
      method: "GET",
      path: "/plugins/mcp/servers",
      handle: ({ access }) => ({ json: list(access.userId, access.isAdmin) }),
    },
    {
      method: "POST",
      path: "/plugins/mcp/servers",
      handle: async ({ access, body }) =>
        answer(await addServer(options, access, body), 201, access),
    },
    {
      method: "DELETE",
      path: "/plugins/mcp/servers/:name",
      handle: async ({ access, params }) =>
        answer(await removeServer(options, access, params.name ?? ""), 200, access),
    },
    {
      method: "POST",
      path: "/plugins/mcp/servers/:name/approve",
      handle: async ({ access, params }) =>
        answer(await approveWorkspace(options, access, params.name ?? ""), 200, access),
    },
  ];
}
