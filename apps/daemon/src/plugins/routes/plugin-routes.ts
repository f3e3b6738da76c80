import type { PluginRouteMethod } from "@elowen/plugin-api";
import { PLUGIN_ROUTE_METHODS } from "@elowen/plugin-api";
import type { PluginRequest, PluginRouteHandler } from "@elowen/plugin-api/routes";
import { errorMessage } from "@elowen/plugin-shared/errors";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { HttpContext } from "../../http/http-context.js";
import { runWithAccess } from "../call-scope/access-scope.js";
import { isGranted } from "../call-scope/grants.js";
import { isThenable } from "../call-scope/thenable.js";
import type { RouteEntry } from "./route-table.js";
import { validateParts } from "./route-validation.js";

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
 * more than once is a 400 naming it. The route's zod schemas (if any) validate params, query and
 * body next, a failure answered 400 in the core routes' shape. A user-grantable plugin's routes
 * answer 403 to accounts without its grant. A handler that throws answers 500.
 */
export function pluginRoutes(app: FastifyInstance, context: HttpContext): void {
  app.route({
    method: [...PLUGIN_ROUTE_METHODS],
    url: "/plugins/*",
    config: { auth: "account" },
    schema: { hide: true },
    // Not async: a plugin handler that answers synchronously is sent without a promise.
    handler: (request, reply) => {
      const access = request.access;
      if (!access) return reply.code(401).send({ error: "unauthorized" });
      const url = request.raw.url ?? "";
      const queryAt = url.indexOf("?");
      const match = context.registry.routes.match(
        request.method,
        queryAt < 0 ? url : url.slice(0, queryAt),
      );
      if (!match.ok) return reply.code(match.status).send({ error: match.error });
      const { entry, params } = match;
      if (!isGranted(access, entry.plugin, entry.grantable)) {
        return reply.code(403).send({ error: `${entry.plugin} is not enabled for this account` });
      }
      const handler = entry.handler;
      if (!handler) {
        return reply.code(404).send({
          error: `${entry.plugin} declares ${entry.method} ${entry.pattern} but registered no handler`,
        });
      }
      const repeated = repeatedParameter(request.query);
      if (repeated !== undefined) {
        // A handler reads one value a name; taking the first would silently pick, say, one of
        // two mutation owners. Ambiguity is refused before the handler runs.
        return reply.code(400).send({
          error: `query.${repeated}: given more than once; a plugin route takes each query parameter once`,
          path: `query.${repeated}`,
        });
      }
      const validated = validateParts(handler.schema, {
        params,
        query: stringValues(request.query),
        body: request.body ?? undefined,
      });
      // Sent as an error, so the error handler answers it exactly as a core route's 400.
      if (!validated.ok) return reply.send(validated.error);
      const pluginRequest = {
        method: request.method as PluginRouteMethod,
        path: "",
        ...validated.parts,
        access,
        headers: visibleHeaders(request),
      } as PluginRequest;
      let response: ReturnType<typeof handler.handle>;
      try {
        response = runWithAccess(access, () => handler.handle(pluginRequest));
      } catch (error) {
        return failed(reply, context, entry, error);
      }
      if (isThenable(response)) {
        return Promise.resolve(response).then(
          (answer) => respond(reply, context, entry, answer),
          (error: unknown) => failed(reply, context, entry, error),
        );
      }
      return respond(reply, context, entry, response);
    },
  });
}

type PluginResponse = Awaited<ReturnType<PluginRouteHandler["handle"]>>;

/** Sends a plugin handler's answer: its status (checked), its headers but the reserved ones, its JSON. */
function respond(
  reply: FastifyReply,
  context: HttpContext,
  entry: RouteEntry,
  response: PluginResponse,
): FastifyReply {
  const status = response?.status ?? 200;
  if (!Number.isInteger(status) || status < 200 || status > 599) {
    context.log(
      `${entry.plugin} answered ${entry.method} ${entry.pattern} with invalid status ${status}`,
    );
    return reply.code(500).send({ error: `${entry.plugin} answered with an invalid status` });
  }
  const headers = response?.headers;
  if (headers) {
    for (const name of Object.keys(headers)) {
      if (!RESERVED_HEADERS.has(name.toLowerCase())) reply.header(name, headers[name]);
    }
  }
  reply.code(status);
  if (status === 204 || response?.json === undefined) return reply.send();
  return reply.send(response.json);
}

/** A plugin handler threw or rejected: logged with its stack, answered 500 naming the plugin. */
function failed(
  reply: FastifyReply,
  context: HttpContext,
  entry: RouteEntry,
  error: unknown,
): FastifyReply {
  context.log(`${entry.plugin} failed on ${entry.method} ${entry.pattern}: ${errorStack(error)}`);
  return reply
    .code(500)
    .send({ error: `${entry.plugin} failed to handle ${entry.method} ${entry.pattern}` });
}

function repeatedParameter(query: unknown): string | undefined {
  const values = (query ?? {}) as Record<string, unknown>;
  for (const key of Object.keys(values)) if (Array.isArray(values[key])) return key;
  return undefined;
}

function stringValues(query: unknown): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  const values = (query ?? {}) as Record<string, unknown>;
  for (const key of Object.keys(values)) {
    const value = values[key];
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
  const headers = request.headers;
  for (const name of Object.keys(headers)) {
    if (HIDDEN_HEADERS.has(name)) continue;
    const value = headers[name];
    out[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return out;
}

/** The stack of a thrown Error, else its message; never throws, whatever a plugin threw. */
function errorStack(error: unknown): string {
  try {
    if (error instanceof Error && typeof error.stack === "string") return error.stack;
  } catch {
    // a stack getter that throws: fall back to the message
  }
  return errorMessage(error);
}
