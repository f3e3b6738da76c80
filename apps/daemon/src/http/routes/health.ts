import { CORE_VERSION } from "@elowen/plugin-api";
import { HealthSchema } from "@elowen/wire";
import type {} from "@fastify/swagger";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { route } from "../zod-route.js";

/** `GET /health` (public liveness) and `GET /openapi.json` (the document of every route). */
export function healthRoutes(app: FastifyInstance): void {
  route(app, {
    method: "GET",
    url: "/health",
    auth: "none",
    summary: "Liveness, core version and readiness",
    tags: ["core"],
    schema: { response: { 200: HealthSchema } },
    handler: async () => ({ ok: true, version: CORE_VERSION, ready: true }),
  });
  route(app, {
    method: "GET",
    url: "/openapi.json",
    auth: "account",
    summary: "The OpenAPI document, generated from the route schemas",
    tags: ["core"],
    schema: { response: { 200: z.record(z.string(), z.unknown()) } },
    handler: async () => app.swagger(),
  });
}
