import type { Access, AccessSurface } from "@elowen/plugin-api/access";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { accountAccess } from "../plugins/call-scope/access-scope.js";
import { AUTH_CACHE_SIZE, AuthCache } from "../store/auth-cache.js";
import type { Store } from "../store/store.js";
import type { AccountRecord } from "../store/types.js";
import { hostChecker } from "./host-check.js";
import { originChecker } from "./origin-check.js";
import { requestSurface } from "./request-access.js";
import type { RouteAuth } from "./zod-route.js";

/**
 * Installs the request gate, in order: the Host-header check (403), the `Origin` check of
 * state-changing requests (403, see {@link originChecker}), then bearer authentication
 * (401 with nothing else said, on every route but the public ones, including unknown URLs),
 * then the route's role (403).
 *
 * A token the store has verified is remembered, by its text, with its account, grants and the
 * access built for each surface, for as long as the store's {@link Store.authEpoch} stays the
 * same (a revoked token, a removed account or new grants change it). A remembered token is
 * admitted synchronously: no hash, no store call and no promise on the hot path.
 */
export function installGate(
  app: FastifyInstance,
  options: {
    readonly store: Store;
    readonly listenHost: string;
    readonly allowedHosts: readonly string[];
    readonly allowedOrigins?: readonly string[];
  },
): void {
  const hostAllowed = hostChecker(options.listenHost, options.allowedHosts);
  const originAllowed = originChecker(options.allowedOrigins ?? []);
  const store = options.store;
  const admitted = new AdmittedTokens(store);
  app.addHook("onRequest", (request, reply, done) => {
    if (!hostAllowed(request.headers.host)) {
      reply.code(403).send({
        error: "this Host is not allowed (DNS-rebinding protection): add it to server.allowedHosts",
      });
      return;
    }
    if (!originAllowed(request.method, request.headers.origin, request.headers.host)) {
      reply.code(403).send({
        error:
          "this Origin may not change anything here (cross-site request): add it to server.allowedOrigins",
      });
      return;
    }
    const auth = request.routeOptions.config?.auth;
    if (auth === "none") return done();
    const token = bearerToken(request.headers.authorization);
    if (token === undefined) return unauthorized(reply);
    const known = admitted.get(token);
    if (known) return admit(request, reply, done, known, auth);
    admitted
      .verify(token)
      .then(
        (verified) =>
          verified ? admit(request, reply, done, verified, auth) : unauthorized(reply),
        done,
      );
  });
}

/** The token of an `Authorization: Bearer …` header, or undefined. */
function bearerToken(header: string | undefined): string | undefined {
  if (header === undefined || !header.startsWith("Bearer ")) return undefined;
  const token = header.slice(7).trim();
  return token === "" ? undefined : token;
}

function unauthorized(reply: FastifyReply): void {
  reply.code(401).header("www-authenticate", "Bearer").send({ error: "unauthorized" });
}

function admit(
  request: FastifyRequest,
  reply: FastifyReply,
  done: () => void,
  token: AdmittedToken,
  auth: RouteAuth | undefined,
): void {
  const access = token.access(requestSurface(request.headers["x-elowen-surface"]));
  request.account = token.account;
  request.access = access;
  if (auth === "admin" && !access.isAdmin) {
    reply.code(403).send({ error: "this route is for administrators" });
    return;
  }
  if (auth === "owner" && !access.isOwner) {
    reply.code(403).send({ error: "this route is for the instance owner" });
    return;
  }
  done();
}

/** A verified token: its account, its grants, and the access built once per surface. */
class AdmittedToken {
  readonly #bySurface = new Map<AccessSurface, Access>();

  readonly account: AccountRecord;
  readonly grants: readonly string[];

  constructor(account: AccountRecord, grants: readonly string[]) {
    // Shared by every request of the token, and handed to plugins: nothing may change it.
    this.account = Object.freeze({ ...account });
    this.grants = Object.freeze([...grants]);
  }

  access(surface: AccessSurface): Access {
    let access = this.#bySurface.get(surface);
    if (!access) {
      access = Object.freeze(accountAccess(this.account, surface, this.grants));
      this.#bySurface.set(surface, access);
    }
    return access;
  }
}

/**
 * Tokens verified while the store's auth epoch stayed the same, by their text (at most
 * {@link AUTH_CACHE_SIZE}; full, it starts over). Unknown tokens are not remembered: each one
 * asks the store again.
 */
export class AdmittedTokens {
  readonly #store: Store;
  readonly #entries = new AuthCache<AdmittedToken>();
  #epoch: number;

  constructor(store: Store) {
    this.#store = store;
    this.#epoch = store.authEpoch();
  }

  get(token: string): AdmittedToken | undefined {
    if (this.#store.authEpoch() !== this.#epoch) return undefined;
    return this.#entries.get(token);
  }

  async verify(token: string): Promise<AdmittedToken | undefined> {
    const epoch = this.#store.authEpoch();
    const account = await this.#store.tokens.verify(token);
    if (!account) return undefined;
    const grants = await this.#store.grants.get(account.id);
    const admitted = new AdmittedToken(account, grants.plugins);
    // What was read under an older epoch is used for this request but not remembered.
    if (this.#store.authEpoch() === epoch) this.#remember(epoch, token, admitted);
    return admitted;
  }

  #remember(epoch: number, token: string, admitted: AdmittedToken): void {
    if (epoch !== this.#epoch) {
      this.#entries.clear();
      this.#epoch = epoch;
    }
    this.#entries.set(token, admitted);
  }
}
