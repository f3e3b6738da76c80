import type { Access } from "@elowen/plugin-api/access";
import {
  definePluginRoute,
  type PluginResponse,
  type PluginRouteHandler,
} from "@elowen/plugin-api/routes";
import { type SignInOutcome, signInRedirect } from "../auth/sign-in.js";
import {
  type AdminOutcome,
  addServer,
  approveWorkspace,
  removeServer,
  type ServerAdminOptions,
} from "./server-admin.js";
import {
  AddServerBodySchema,
  ChangeAnswerSchema,
  ErrorAnswerSchema,
  ServerListAnswerSchema,
  ServerParamsSchema,
  SignInAnswerSchema,
  SignInCallbackBodySchema,
} from "./server-schemas.js";
import { serverViews } from "./server-view.js";

/** The refusals a route may answer with, each `{ error }`, for the OpenAPI document. */
const refusals = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [status, ErrorAnswerSchema]));

const listSchema = { response: { 200: ServerListAnswerSchema } };
const addSchema = {
  body: AddServerBodySchema,
  response: { 201: ChangeAnswerSchema, ...refusals(400, 403, 409, 500) },
};
const removeSchema = {
  params: ServerParamsSchema,
  response: { 200: ChangeAnswerSchema, ...refusals(400, 403, 404, 409, 500) },
};
const approveSchema = {
  params: ServerParamsSchema,
  response: { 200: ChangeAnswerSchema, ...refusals(400, 403, 404, 409) },
};
const signInSchema = {
  params: ServerParamsSchema,
  response: { 200: SignInAnswerSchema, ...refusals(400, 403, 404, 409, 502) },
};
const callbackSchema = {
  body: SignInCallbackBodySchema,
  response: { 200: SignInAnswerSchema, ...refusals(400, 404, 502) },
};

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
 * Names and bodies are checked by the host at its boundary with the schemas of
 * `server-schemas.ts` (a 400 whose `error` names the field, `body.url: an http(s) URL`); the
 * handlers' refusals are `{ error }` naming the field and the rule, with 400, 403, 404, 409, 500
 * or 502.
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
    definePluginRoute({
      method: "POST",
      path: "/plugins/mcp/servers/:name/sign-in",
      summary: "Starts the sign-in (OAuth) of a url server: the authorization link to open",
      schema: signInSchema,
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
        return signedIn(await options.signIns.begin(access, params.name, redirect), access);
      },
    }),
    definePluginRoute({
      method: "POST",
      path: "/plugins/mcp/oauth/callback",
      summary: "Finishes a sign-in with the code and state its redirect brought back",
      schema: callbackSchema,
      handle: async ({ access, body }) =>
        signedIn(await options.signIns.finish(access, body), access),
    }),
    definePluginRoute({
      method: "GET",
      path: "/plugins/mcp/servers",
      summary: "The MCP servers the caller sees, with their status",
      schema: listSchema,
      handle: ({ access }) => ({ json: list(access.userId, access.isAdmin) }),
    }),
    definePluginRoute({
      method: "POST",
      path: "/plugins/mcp/servers",
      summary: "Adds an MCP server (command or url) and starts it",
      schema: addSchema,
      handle: async ({ access, body }) =>
        answer(await addServer(options, access, body), 201, access),
    }),
    definePluginRoute({
      method: "DELETE",
      path: "/plugins/mcp/servers/:name",
      summary: "Removes an added MCP server and stops it",
      schema: removeSchema,
      handle: async ({ access, params }) =>
        answer(await removeServer(options, access, params.name), 200, access),
    }),
    definePluginRoute({
      method: "POST",
      path: "/plugins/mcp/servers/:name/approve",
      summary: "The instance owner approves the workspace .mcp.json that configures a server",
      schema: approveSchema,
      handle: async ({ access, params }) =>
        answer(await approveWorkspace(options, access, params.name), 200, access),
    }),
  ];
}
