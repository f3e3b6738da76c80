import { SessionModelsSchema, SessionParamsSchema, SetSessionModelBodySchema } from "@elowen/wire";
import type { FastifyInstance } from "fastify";
import type { HttpContext } from "../http-context.js";
import { route } from "../zod-route.js";
import { ownedSession } from "./session-access.js";

/** `/model`: the models a session may run on, and switching its model from its next turn. */
export function modelRoutes(app: FastifyInstance, context: HttpContext): void {
  const { store, models } = context;
  route(app, {
    method: "GET",
    url: "/sessions/:sessionId/model",
    auth: "account",
    summary: "The model the session's next turn runs on, and every model it may switch to",
    tags: ["sessions"],
    schema: { params: SessionParamsSchema, response: { 200: SessionModelsSchema } },
    handler: async (request) => {
      const { sessionId } = request.params;
      await ownedSession(store, request, sessionId);
      return { current: await models.current(sessionId), models: models.list() };
    },
  });
  route(app, {
    method: "PUT",
    url: "/sessions/:sessionId/model",
    auth: "account",
    summary: "Switch the session's model from its next turn (kept with the session)",
    tags: ["sessions"],
    schema: {
      params: SessionParamsSchema,
      body: SetSessionModelBodySchema,
      response: { 200: SessionModelsSchema },
    },
    handler: async (request) => {
      const { sessionId } = request.params;
      await ownedSession(store, request, sessionId);
      return { current: await models.choose(sessionId, request.body), models: models.list() };
    },
  });
}
