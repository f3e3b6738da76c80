import { readFile } from "node:fs/promises";
import { PLUGIN_UI_PATH, PluginUiBundleParamsSchema, PluginUiListSchema } from "@elowen/wire";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { pluginBundleFile, pluginUiList } from "../../plugins/ui/plugin-ui.js";
import { requestLanguages } from "../../plugins/ui/view-strings.js";
import type { HttpContext } from "../http-context.js";
import { requestAccess } from "../request-access.js";
import { route } from "../zod-route.js";

/**
 * What a web host needs of the plugins: `GET /ui/plugins` (view strings for the request's
 * languages, browser bundles) and each bundle's file, served behind the token like every route.
 */
export function pluginUiRoutes(app: FastifyInstance, context: HttpContext): void {
  route(app, {
    method: "GET",
    url: PLUGIN_UI_PATH,
    auth: "account",
    summary: "Loaded plugins this account may use: view strings and browser bundles",
    tags: ["plugins"],
    schema: { response: { 200: PluginUiListSchema } },
    handler: async (request) => ({
      plugins: pluginUiList(
        context.registry,
        requestAccess(request),
        requestLanguages(request, context.language),
      ),
    }),
  });
  route(app, {
    method: "GET",
    url: `${PLUGIN_UI_PATH}/:plugin/bundle.js`,
    auth: "account",
    summary: "A plugin's browser bundle (an ES module), for a web host to import",
    tags: ["plugins"],
    schema: {
      params: PluginUiBundleParamsSchema,
      response: { 200: z.string().describe("text/javascript") },
    },
    handler: async (request, reply) => {
      const { plugin } = request.params;
      const found = pluginBundleFile(context.registry, requestAccess(request), plugin);
      if (!found)
        return reply
          .code(404)
          .send({ error: `no plugin named ${plugin} offers a browser bundle here` });
      if (!found.ok) {
        context.log(`${plugin}'s browser bundle was not served: ${found.reason}`);
        return reply
          .code(404)
          .send({ error: `${plugin}'s browser bundle is not available: ${found.reason}` });
      }
      const source = await readFile(found.file, "utf8");
      return reply
        .header("content-type", "text/javascript; charset=utf-8")
        .header("cache-control", "no-store")
        .header("x-content-type-options", "nosniff")
        .send(source);
    },
  });
}
