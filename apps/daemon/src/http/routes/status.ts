import { BrainStatusSchema, HookAuditSchema, LearningStatusSchema } from "@elowen/wire";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { runWithAccess } from "../../plugins/call-scope/access-scope.js";
import { assembleStatus } from "../../plugins/status/status-assembly.js";
import type { HttpContext } from "../http-context.js";
import { requestAccess } from "../request-access.js";
import { route } from "../zod-route.js";

/** `GET /brain/status`, `GET /learning/status` and the administrators' `GET /admin/hooks/audit`. */
export function statusRoutes(app: FastifyInstance, context: HttpContext): void {
  route(app, {
    method: "GET",
    url: "/brain/status",
    auth: "account",
    summary: "The brain status envelope, assembled from status providers",
    tags: ["status"],
    schema: { response: { 200: BrainStatusSchema } },
    // Not async: with synchronous providers the status is sent without a promise.
    handler: (request) => {
      const access = requestAccess(request);
      return runWithAccess(access, () =>
        assembleStatus(context.status, { isAdmin: access.isAdmin, userId: access.userId }),
      );
    },
  });
  route(app, {
    method: "GET",
    url: "/learning/status",
    auth: "account",
    summary:
      "Skill learning for the signed-in account: on or off, the live write budget, and the reviewer's own status",
    tags: ["status"],
    schema: { response: { 200: LearningStatusSchema } },
    handler: async (request) => {
      return context.learningStatus(requestAccess(request));
    },
  });
  route(app, {
    method: "GET",
    url: "/admin/hooks/audit",
    auth: "admin",
    summary: "The hook audit ring buffer and dropped capability mutations",
    tags: ["admin"],
    schema: { response: { 200: HookAuditSchema } },
    handler: async () => ({ entries: [...context.hookAudit()] }),
  });
  route(app, {
    method: "POST",
    url: "/admin/plugins/:pluginName/release",
    auth: "admin",
    summary:
      "Lets a plugin the hook bus quarantined (a hook blocked the event loop) be called again",
    tags: ["admin"],
    schema: {
      params: z.strictObject({ pluginName: z.string().min(1).max(214) }),
      response: { 200: z.strictObject({ released: z.boolean() }) },
    },
    handler: async (request) => ({
      released: context.releasePlugin?.(request.params.pluginName) ?? false,
    }),
  });
}
