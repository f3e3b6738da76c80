import { CORE_VERSION } from "@elowen/plugin-api";
import { HealthSchema } from "@elowen/wire";
import type {} from "@fastify/swagger";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { withPluginRoutes } from "../../plugins/routes/plugin-openapi.js";
import type { HttpContext } from "../http-context.js";
import { route } from "../zod-route.js";

/**
 * `GET /health` (public liveness) and `GET /openapi.json` (the document of every route: the core
 * routes, and the plugin routes the caller may call, tagged with their plugin).
 */
export function healthRoutes(app: FastifyInstance, context: Pick<HttpContext, "registry">): void {
  route(app, {
    method: "GET",
    url: "/health",
    auth: "none",
    summary: "Liveness, core version and readiness",
    tags: ["core"],
    schema: { response: { 200: HealthSchema } },
    handler: async () => ({ ok: true, version: CORE_VERSION, ready: true }),
  });
  route(app, {
    method: "GET",
    url: "/openapi.json",
    auth: "account",
    summary: "The OpenAPI document, generated from the route schemas",
    tags: ["core"],
    schema: { response: { 200: z.record(z.string(), z.unknown()) } },
    handler: async (request) => {
      const document = app.swagger();
      const access = request.access;
      return access
        ? withPluginRoutes(document, context.registry.routes.entries(), access)
        : document;
    },
  });
}
