import type { z } from "zod";
import type { Access } from "./access.js";
import type { PluginRouteMethod } from "./manifest.js";

/**
 * The zod schemas of a plugin route, all optional. The host validates `params`, `query` and `body`
 * at the boundary, before the handler runs: a request that fails one is answered 400 with the same
 * error shape as core routes (`{ error, path, issues }`, the path naming the field such as
 * `body.name`), and the handler receives the parsed values (defaults and transforms applied). An
 * absent or `null` body is validated as `{}`, as core routes do. `response` maps a status to the
 * schema of its JSON: it documents the route (not checked at run time). All four are listed in the
 * host's OpenAPI document (`GET /openapi.json`), under the route's path, tagged with the plugin.
 */
export interface PluginRouteSchemas {
  /** The `:name` segments, each a string decoded once by the host. */
  readonly params?: z.ZodType;
  /** The query parameters, each a string (a parameter given twice is refused before this). */
  readonly query?: z.ZodType;
  /** The JSON body. */
  readonly body?: z.ZodType;
  /** The JSON answered with each status, for the OpenAPI document. */
  readonly response?: Readonly<Record<number, z.ZodType>>;
}

/** The parsed type of schema part `K` of `S`, or `Fallback` when the route declares none. */
type Parsed<S, K extends string, Fallback> = S extends { readonly [P in K]: infer T }
  ? T extends z.ZodType
    ? z.output<T>
    : Fallback
  : Fallback;

/**
 * A request to a declared plugin route. The declaration matched as a complete pattern; `path` is
 * empty; `:name` segments arrive in `params`, decoded exactly once by core. With schemas (`S`),
 * `params`, `query` and `body` are their parsed values.
 */
export interface PluginRequest<S extends PluginRouteSchemas = PluginRouteSchemas> {
  readonly method: PluginRouteMethod;
  readonly path: "";
  readonly params: Readonly<Parsed<S, "params", Record<string, string>>>;
  readonly query: Readonly<Parsed<S, "query", Record<string, string | undefined>>>;
  readonly body: Parsed<S, "body", unknown>;
  readonly access: Access;
  readonly headers: Readonly<Record<string, string | undefined>>;
}
/** What a route handler answers: a status (200 by default) and a JSON body. */
export interface PluginResponse {
  readonly status?: number;
  readonly json?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}
/**
 * A route handler for a route the manifest declares, with optional zod schemas validated at the
 * boundary ({@link PluginRouteSchemas}) and an optional one-line summary for the OpenAPI document.
 */
export interface PluginRouteHandler<S extends PluginRouteSchemas = PluginRouteSchemas> {
  readonly method: PluginRouteMethod;
  readonly path: string;
  /** One line saying what the route does (the OpenAPI `summary`), at most 200 characters. */
  readonly summary?: string;
  readonly schema?: S;
  handle(request: PluginRequest<S>): PluginResponse | Promise<PluginResponse>;
}

/**
 * Returns `route` as given. It exists for its types: the handler's request is typed from the
 * route's schemas where the route is written apart from `ctx.registerRoute` (in a list, say).
 */
export function definePluginRoute<S extends PluginRouteSchemas>(
  route: PluginRouteHandler<S>,
): PluginRouteHandler<S> {
  return route;
}
