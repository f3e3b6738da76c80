/** `@elowen/plugin-api/routes`. Plugin HTTP routes (`ctx.registerRoute`): the request and response a handler sees. */

export type { PluginRequest, PluginResponse, PluginRouteHandler } from "../routes.js";
