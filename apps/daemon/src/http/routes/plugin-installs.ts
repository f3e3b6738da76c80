import { isElowenError } from "@elowen/plugin-shared/errors";
import {
  InstalledPluginListSchema,
  InstallOutcomeSchema,
  InstallPluginBodySchema,
  PluginNameBodySchema,
  RemoveOutcomeSchema,
} from "@elowen/wire";
import type { FastifyInstance } from "fastify";
import {
  PLUGIN_INSTALL_ERRORS as E,
  type PluginInstallErrorCode,
} from "../../plugins/install/install-error.js";
import type { HttpContext } from "../http-context.js";
import { route } from "../zod-route.js";

const STATUS: Readonly<Record<PluginInstallErrorCode, number>> = {
  [E.spec]: 400,
  [E.notInstalled]: 404,
  [E.integrity]: 409,
  [E.refused]: 422,
  [E.fetch]: 422,
  [E.commit]: 422,
  // The host's own lockfile is broken: nothing the caller sent, so a logged 500 as before.
  [E.lockfile]: 500,
};

/** Turns an install error into its HTTP answer with its message (nothing was changed). */
async function answering<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isElowenError(error) && error.code in STATUS)
      throw Object.assign(new Error(error.message), {
        statusCode: STATUS[error.code as PluginInstallErrorCode],
      });
    throw error;
  }
}

/** `elowen plugins` over HTTP, for the instance owner only: list, add, update, remove. */
export function pluginInstallRoutes(app: FastifyInstance, context: HttpContext): void {
  const plugins = context.installedPlugins;
  route(app, {
    method: "GET",
    url: "/admin/plugins",
    auth: "owner",
    summary: "Installed plugins with their pins and load state (owner)",
    tags: ["plugins"],
    schema: { response: { 200: InstalledPluginListSchema } },
    handler: async () => ({ plugins: await answering(() => plugins.list()) }),
  });
  route(app, {
    method: "POST",
    url: "/admin/plugins",
    auth: "owner",
    summary: "Install a plugin; answers needs-consent until its capabilities are consented (owner)",
    tags: ["plugins"],
    schema: { body: InstallPluginBodySchema, response: { 200: InstallOutcomeSchema } },
    handler: ({ body }) => answering(() => plugins.add(body.spec, consentOf(body))),
  });
  route(app, {
    method: "POST",
    url: "/admin/plugins/update",
    auth: "owner",
    summary: "Update an installed plugin; asks again when its capabilities grew (owner)",
    tags: ["plugins"],
    schema: { body: PluginNameBodySchema, response: { 200: InstallOutcomeSchema } },
    handler: ({ body }) => answering(() => plugins.update(body.name, consentOf(body))),
  });
  route(app, {
    method: "POST",
    url: "/admin/plugins/remove",
    auth: "owner",
    summary: "Remove an installed plugin (owner)",
    tags: ["plugins"],
    schema: { body: PluginNameBodySchema, response: { 200: RemoveOutcomeSchema } },
    handler: ({ body }) => answering(() => plugins.remove(body.name)),
  });
}

function consentOf(body: { consent?: readonly string[] | undefined; yes?: boolean | undefined }) {
  return {
    ...(body.consent === undefined ? {} : { mutates: body.consent as never }),
    ...(body.yes === undefined ? {} : { yes: body.yes }),
  };
}
