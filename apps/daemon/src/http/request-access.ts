import type { Access, AccessSurface } from "@elowen/plugin-api/access";
import type { FastifyRequest } from "fastify";
import { INVARIANT_ERRORS, InvariantError } from "../invariant-error.js";
import type { AccountRecord } from "../store/types.js";

declare module "fastify" {
  interface FastifyRequest {
    /** The authenticated account (absent only on unauthenticated routes). */
    account?: AccountRecord;
    /** Who is acting, for plugin calls this request makes. */
    access?: Access;
  }
  interface FastifyContextConfig {
    auth?: "none" | "account" | "admin" | "owner";
  }
}

/** The surfaces a client may name in `x-elowen-surface`; anything else counts as `api`. */
const CLIENT_SURFACES: readonly AccessSurface[] = ["cli", "web", "api"];

/** The surface a request names, defaulting to `api`. */
export function requestSurface(header: string | string[] | undefined): AccessSurface {
  const value = Array.isArray(header) ? header[0] : header;
  return CLIENT_SURFACES.includes(value as AccessSurface) ? (value as AccessSurface) : "api";
}

/**
 * The access of a request on a route behind auth. The auth hook sets it before any such handler
 * runs, so its absence is a wiring bug: an `InvariantError` (`internal.access_missing`, a 500)
 * naming the route.
 */
export function requestAccess(request: FastifyRequest): Access {
  if (request.access) return request.access;
  throw new InvariantError({
    code: INVARIANT_ERRORS.accessMissing,
    summary: `${request.method} ${request.routeOptions.url ?? request.url} is behind auth but its request has no access; the auth hook must run before the handler`,
  });
}
