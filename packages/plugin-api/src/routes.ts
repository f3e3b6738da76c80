import type { Access } from "./access.js";
import type { PluginRouteMethod } from "./manifest.js";

/**
 * A request to a declared plugin route. The declaration matched as a complete pattern; `path` is
 * empty; `:name` segments arrive in `params`, decoded exactly once by core.
 */
export interface PluginRequest {
  readonly method: PluginRouteMethod;
  readonly path: "";
  readonly params: Readonly<Record<string, string>>;
  readonly query: Readonly<Record<string, string | undefined>>;
  readonly body: unknown;
  readonly access: Access;
  readonly headers: Readonly<Record<string, string | undefined>>;
}
/** What a route handler answers: a status (200 by default) and a JSON body. */
export interface PluginResponse {
  readonly status?: number;
  readonly json?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}
/** A route handler for a route the manifest declares. */
export interface PluginRouteHandler {
  readonly method: PluginRouteMethod;
  readonly path: string;
  handle(request: PluginRequest): PluginResponse | Promise<PluginResponse>;
}
