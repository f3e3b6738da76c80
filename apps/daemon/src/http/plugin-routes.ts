import type { PluginRequest, PluginRouteMethod } from "@elowen/plugin-api";
import { PLUGIN_ROUTE_METHODS } from "@elowen/plugin-api";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { runWithAccess } from "../plugins/access-scope.js";
import { isGranted } from "../plugins/grants.js";
import type { HttpContext } from "./http-context.js";

/** Request headers a plugin handler never sees: credentials stay with core. */
const HIDDEN_HEADERS = new Set(["authorization", "cookie", "proxy-authorization"]);
/** Response headers a plugin cannot set: framing and cookies stay with core. */
const RESERVED_HEADERS = new Set([
  "content-length",
  "transfer-encoding",
  "connection",
  "set-cookie",
  "content-type",
]);

/**
 * The dispatcher of plugin routes under `/plugins/`: authenticated like every route, matched as
 * complete declared patterns against the raw path (an undeclared path or suffix is a 404 before
 * any handler runs), parameters decoded exactly once, `req.path` empty. A query parameter given
 * more than once is a 400 naming it. A user-grantable plugin's routes answer 403 to accounts
 * without its grant. A handler that throws answers 500.
 */
export function pluginRoutes(app: FastifyInstance, context: HttpContext): void {
  app.route({
    method: [...PLUGIN_ROUTE_METHODS],
    url: "/plugins/*",
    config: { auth: "account" },
    schema: { hide: true },
    handler: async (request, reply) => {
      const access = request.access;
      if (!access) return reply.code(401).send({ error: "unauthorized" });
      const rawPath = (request.raw.url ?? "").split("?")[0] ?? "";
      const match = context.registry.routes.match(request.method, rawPath);
      if (!match.ok) return reply.code(match.status).send({ error: match.error });
      const { entry, params } = match;
      if (!isGranted(access, entry.plugin, entry.grantable)) {
        return reply.code(403).send({ error: `${entry.plugin} is not enabled for this account` });
      }
      if (!entry.handler) {
        return reply.code(404).send({
          error: `${entry.plugin} declares ${entry.method} ${entry.pattern} but registered no handler`,
        });
      }
      const handler = entry.handler;
      const repeated = repeatedParameter(request.query);
      if (repeated !== undefined) {
        // A handler reads one value a name; taking the first would silently pick, say, one of
        // two mutation owners. Ambiguity is refused before the handler runs.
        return reply.code(400).send({
          error: `query.${repeated}: given more than once; a plugin route takes each query parameter once`,
          path: `query.${repeated}`,
        });
      }
      const pluginRequest: PluginRequest = {
        method: request.method as PluginRouteMethod,
        path: "",
        params,
        query: stringValues(request.query),
        body: request.body ?? undefined,
        access,
        headers: visibleHeaders(request),
      };
      let response: Awaited<ReturnType<typeof handler.handle>>;
      try {
        response = await runWithAccess(access, () => handler.handle(pluginRequest));
      } catch (error) {
        context.log(
          `${entry.plugin} failed on ${entry.method} ${entry.pattern}: ${(error as Error).stack ?? error}`,
        );
        return reply
          .code(500)
          .send({ error: `${entry.plugin} failed to handle ${entry.method} ${entry.pattern}` });
      }
      const status = response?.status ?? 200;
      if (!Number.isInteger(status) || status < 200 || status > 599) {
        context.log(
          `${entry.plugin} answered ${entry.method} ${entry.pattern} with invalid status ${status}`,
        );
        return reply.code(500).send({ error: `${entry.plugin} answered with an invalid status` });
      }
      for (const [name, value] of Object.entries(response?.headers ?? {})) {
        if (!RESERVED_HEADERS.has(name.toLowerCase())) reply.header(name, value);
      }
      reply.code(status);
      if (status === 204 || response?.json === undefined) return reply.send();
      return reply.send(response.json);
    },
  });
}

function repeatedParameter(query: unknown): string | undefined {
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>))
    if (Array.isArray(value)) return key;
  return undefined;
}

function stringValues(query: unknown): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    out[key] = Array.isArray(value)
      ? String(value[0])
      : typeof value === "string"
        ? value
        : undefined;
  }
  return out;
}

function visibleHeaders(request: FastifyRequest): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (HIDDEN_HEADERS.has(name)) continue;
    out[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return out;
}
