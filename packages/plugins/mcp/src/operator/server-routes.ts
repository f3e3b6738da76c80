import type { Access } from "@elowen/plugin-api/access";
import type { PluginResponse, PluginRouteHandler } from "@elowen/plugin-api/routes";
import { type SignInOutcome, signInRedirect } from "../auth/sign-in.js";
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
 * - `POST /plugins/mcp/servers/:name/approve`: the owner approves its workspace `.mcp.json`;
 * - `POST /plugins/mcp/servers/:name/sign-in`: starts a sign-in (OAuth): `{ notice, openUrl }`,
 *   the authorization link to open; the redirect comes back to the daemon's web root
 *   (`mcp.publicUrl`, else the request's Origin or Host), whose page posts `{ code, state }` to
 * - `POST /plugins/mcp/oauth/callback`: finishes it (the account that began it only).
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
  const signedIn = (outcome: SignInOutcome, access: Access): PluginResponse =>
    outcome.ok
      ? {
          json: {
            message: outcome.message,
            notice: outcome.message,
            ...(outcome.openUrl === undefined ? {} : { openUrl: outcome.openUrl }),
            ...list(access.userId, access.isAdmin),
          },
        }
      : { status: outcome.status, json: { error: outcome.message } };
  return [
    {
      method: "POST",
      path: "/plugins/mcp/servers/:name/sign-in",
      handle: async ({ access, params, headers }) => {
        const base =
          options.publicUrl ??
          headers.origin ??
          (headers.host === undefined ? undefined : `http://${headers.host}`);
        if (base === undefined)
          return {
            status: 400,
            json: { error: "mcp.publicUrl: set the daemon's address as browsers reach it" },
          };
        const redirect = signInRedirect(base);
        return signedIn(await options.signIns.begin(access, params.name ?? "", redirect), access);
      },
    },
    {
      method: "POST",
      path: "/plugins/mcp/oauth/callback",
      handle: async ({ access, body }) =>
        signedIn(await options.signIns.finish(access, body), access),
    },
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
