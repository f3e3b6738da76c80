import type { FastifyInstance } from "fastify";
import { accountAccess } from "../plugins/access-scope.js";
import type { Store } from "../store/store.js";
import { hostChecker } from "./host-check.js";
import { requestSurface } from "./request-access.js";

/**
 * Installs the request gate, in order: the Host-header check (403), then bearer authentication
 * (401 with nothing else said, on every route but the public ones, including unknown URLs),
 * then the route's role (403).
 */
export function installGate(
  app: FastifyInstance,
  options: {
    readonly store: Store;
    readonly listenHost: string;
    readonly allowedHosts: readonly string[];
  },
): void {
  const hostAllowed = hostChecker(options.listenHost, options.allowedHosts);
  const store = options.store;
  app.addHook("onRequest", async (request, reply) => {
    if (!hostAllowed(request.headers.host)) {
      return reply.code(403).send({
        error: "this Host is not allowed (DNS-rebinding protection): add it to server.allowedHosts",
      });
    }
    const auth = request.routeOptions.config?.auth;
    if (auth === "none") return;
    const header = request.headers.authorization;
    const token = header?.startsWith("Bearer ") ? header.slice(7).trim() : undefined;
    const account = token ? await store.tokens.verify(token) : undefined;
    if (!account) {
      return reply.code(401).header("www-authenticate", "Bearer").send({ error: "unauthorized" });
    }
    const grants = await store.grants.get(account.id);
    request.account = account;
    request.access = accountAccess(
      account,
      requestSurface(request.headers["x-elowen-surface"]),
      grants.plugins,
    );
    if (auth === "admin" && !request.access.isAdmin) {
      return reply.code(403).send({ error: "this route is for administrators" });
    }
    if (auth === "owner" && !request.access.isOwner) {
      return reply.code(403).send({ error: "this route is for the instance owner" });
    }
  });
}
