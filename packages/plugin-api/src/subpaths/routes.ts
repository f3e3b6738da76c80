/** `@elowen/plugin-api/routes`. Plugin HTTP routes (`ctx.registerRoute`): the request and response a handler sees, and the zod schemas the host validates at the boundary. */

export type {
  PluginRequest,
  PluginResponse,
  PluginRouteHandler,
  PluginRouteSchemas,
} from "../routes.js";
export { definePluginRoute } from "../routes.js";
