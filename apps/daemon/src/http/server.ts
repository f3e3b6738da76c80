import { CORE_VERSION } from "@elowen/plugin-api";
import swagger from "@fastify/swagger";
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerFactory,
  type FastifyServerFactoryHandler,
  type FastifyServerOptions,
  type RawServerDefault,
} from "fastify";
import { pluginRoutes } from "../plugins/routes/plugin-routes.js";
import { installGate } from "./auth.js";
import type { EarlyServer } from "./early-server.js";
import { installErrorHandler } from "./error-handler.js";
import type { HttpContext } from "./http-context.js";
import { installRequestLog } from "./request-log.js";
import { accountRoutes } from "./routes/accounts.js";
import { attachmentRoutes } from "./routes/attachments.js";
import { commandRoutes } from "./routes/commands.js";
import { eventRoutes } from "./routes/events.js";
import { healthRoutes } from "./routes/health.js";
import { modelRoutes } from "./routes/models.js";
import { pluginInstallRoutes } from "./routes/plugin-installs.js";
import { pluginUiRoutes } from "./routes/plugin-ui.js";
import { promptBoxRoutes } from "./routes/prompt-box.js";
import { sessionRoutes } from "./routes/sessions.js";
import { skillSourceRoutes } from "./routes/skill-sources.js";
import { statusRoutes } from "./routes/status.js";
import { turnRoutes } from "./routes/turns.js";
import { webRoutes } from "./web-routes.js";
import { useZod, zodToOpenApi } from "./zod-route.js";

/** What the HTTP server is built with. */
export interface ServerOptions {
  readonly listenHost: string;
  readonly allowedHosts: readonly string[];
  /** Browser origins besides the daemon's own that may make state-changing requests. */
  readonly allowedOrigins?: readonly string[];
  readonly bodyLimitBytes: number;
  /** The daemon's pino logger for requests (one line each); none logs nothing. */
  readonly logger?: FastifyBaseLogger;
  /** The built web client to serve at `/` (same origin as the API); none when absent. */
  readonly webDir?: string;
  /**
   * The socket the daemon already listens on: the server takes it over once `ready()` has run
   * (no `listen` then) and closes it on `close()`.
   */
  readonly early?: EarlyServer;
}

/**
 * Builds the Fastify server: the gate (Host check, bearer auth, roles), zod validation, the core
 * routes, the plugin route dispatcher, and the OpenAPI document generated from the same schemas.
 */
export async function buildServer(
  context: HttpContext,
  options: ServerOptions,
): Promise<FastifyInstance> {
  const early = options.early;
  let handler: FastifyServerFactoryHandler | undefined;
  const adopt: { serverFactory?: FastifyServerFactory<RawServerDefault> } =
    early === undefined
      ? {}
      : {
          serverFactory: (next, settings) => {
            handler = next;
            adoptSettings(early.server, settings);
            return early.server;
          },
        };
  const app = Fastify({
    ...adopt,
    ...(options.logger === undefined
      ? { logger: false }
      : {
          loggerInstance: options.logger,
          // Fastify's own request lines are off: installRequestLog writes one line per request.
          logController: new Fastify.LogController({ disableRequestLogging: true }),
        }),
    bodyLimit: options.bodyLimitBytes,
    forceCloseConnections: true,
    return503OnClosing: true,
  });
  if (early !== undefined) {
    app.addHook("onReady", async () => {
      if (handler) early.serve(handler);
    });
    app.addHook("onClose", () => early.close("the daemon is stopping"));
  }
  useZod(app);
  if (options.logger !== undefined) installRequestLog(app);
  installErrorHandler(app, context.log);
  await app.register(swagger, {
    openapi: {
      openapi: "3.0.3",
      info: { title: "Elowen daemon", version: CORE_VERSION },
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
    },
    transform: zodToOpenApi,
  });
  installGate(app, {
    store: context.store,
    listenHost: options.listenHost,
    allowedHosts: options.allowedHosts,
    allowedOrigins: options.allowedOrigins ?? [],
  });
  healthRoutes(app, context);
  statusRoutes(app, context);
  accountRoutes(app, context);
  sessionRoutes(app, context);
  modelRoutes(app, context);
  turnRoutes(app, context);
  attachmentRoutes(app, context);
  eventRoutes(app, context);
  promptBoxRoutes(app, context);
  commandRoutes(app, context);
  skillSourceRoutes(app, context);
  pluginUiRoutes(app, context);
  pluginInstallRoutes(app, context);
  pluginRoutes(app, context);
  if (options.webDir !== undefined) webRoutes(app, options.webDir);
  return app;
}

/** What Fastify would have set on a server it created itself (its timeouts), on ours. */
function adoptSettings(server: EarlyServer["server"], settings: FastifyServerOptions): void {
  if (settings.keepAliveTimeout !== undefined) server.keepAliveTimeout = settings.keepAliveTimeout;
  if (settings.requestTimeout !== undefined) server.requestTimeout = settings.requestTimeout;
  if (settings.connectionTimeout !== undefined) server.setTimeout(settings.connectionTimeout);
  if (settings.maxRequestsPerSocket) server.maxRequestsPerSocket = settings.maxRequestsPerSocket;
}
