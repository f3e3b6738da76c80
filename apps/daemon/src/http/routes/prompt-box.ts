import {
  PromptAutocompleteResultSchema,
  PromptChangeResultSchema,
  PromptEditResultSchema,
} from "@elowen/plugin-api/prompt-box";
import {
  OkBodySchema,
  PromptAutocompleteBodySchema,
  PromptBoxHookedSchema,
  PromptBoxReplyBodySchema,
  PromptBoxReplyParamsSchema,
  PromptChangeBodySchema,
  PromptEditBodySchema,
  SessionParamsSchema,
} from "@elowen/wire";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { runWithAccess } from "../../plugins/call-scope/access-scope.js";
import type { HttpContext } from "../http-context.js";
import { requestAccess } from "../request-access.js";
import { route } from "../zod-route.js";
import { ownedSession } from "./session-access.js";

/**
 * A session's prompt box: which chains plugins hook, the chains a client's box raises
 * (`prompt.edit`, `prompt.change`, `prompt.autocomplete`, each run in the requester's access with
 * the session current), and a client's answer to a plugin's fill, suggestion or read.
 */
export function promptBoxRoutes(app: FastifyInstance, context: HttpContext): void {
  const { store, promptBox } = context;
  route(app, {
    method: "GET",
    url: "/sessions/:sessionId/prompt-box",
    auth: "account",
    summary: "The prompt-box chains plugins hook (a client raises only these)",
    tags: ["prompt box"],
    schema: { params: SessionParamsSchema, response: { 200: PromptBoxHookedSchema } },
    handler: async (request) => {
      await ownedSession(store, request, request.params.sessionId);
      return { hooked: promptBox.hooked() };
    },
  });
  // The requester's access with the session current: a hook's own ctx.prompt acts on this box.
  const within = async <T>(
    request: FastifyRequest<{ Params: { sessionId: string } }>,
    raise: (sessionId: string, userId: number | null) => Promise<T>,
  ) => {
    const { sessionId } = request.params;
    await ownedSession(store, request, sessionId);
    const access = requestAccess(request);
    return runWithAccess({ ...access, sessionId }, () => raise(sessionId, access.userId));
  };
  route(app, {
    method: "POST",
    url: "/sessions/:sessionId/prompt-box/edit",
    auth: "account",
    summary: "Raise prompt.edit: the box after the person's edit (from core, the splice applied)",
    tags: ["prompt box"],
    schema: {
      params: SessionParamsSchema,
      body: PromptEditBodySchema,
      response: { 200: PromptEditResultSchema },
    },
    handler: (request) =>
      within(request, (sessionId, userId) => promptBox.edit(sessionId, request.body, userId)),
  });
  route(app, {
    method: "POST",
    url: "/sessions/:sessionId/prompt-box/change",
    auth: "account",
    summary: "Raise prompt.change: a change no edit carried, observed by hooks ({ text } echoed)",
    tags: ["prompt box"],
    schema: {
      params: SessionParamsSchema,
      body: PromptChangeBodySchema,
      response: { 200: PromptChangeResultSchema },
    },
    handler: (request) =>
      within(request, (sessionId, userId) => promptBox.change(sessionId, request.body, userId)),
  });
  route(app, {
    method: "POST",
    url: "/sessions/:sessionId/prompt-box/autocomplete",
    auth: "account",
    summary: "Raise prompt.autocomplete: the rows plugins add for the token at the caret",
    tags: ["prompt box"],
    schema: {
      params: SessionParamsSchema,
      body: PromptAutocompleteBodySchema,
      response: { 200: PromptAutocompleteResultSchema },
    },
    handler: (request) =>
      within(request, (sessionId, userId) =>
        promptBox.autocomplete(sessionId, request.body, userId),
      ),
  });
  route(app, {
    method: "POST",
    url: "/sessions/:sessionId/prompt-box/replies/:requestId",
    auth: "account",
    summary: "Answer a plugin's prompt_fill, prompt_suggest or prompt_read (the first answer wins)",
    tags: ["prompt box"],
    schema: {
      params: PromptBoxReplyParamsSchema,
      body: PromptBoxReplyBodySchema,
      response: { 200: OkBodySchema },
    },
    handler: async (request, reply) => {
      const { sessionId, requestId } = request.params;
      await ownedSession(store, request, sessionId);
      const refusal = promptBox.answer(sessionId, requestId, request.body);
      if (refusal === undefined) return { ok: true as const };
      const status = refusal.code === "not_found" ? 404 : refusal.code === "closed" ? 409 : 400;
      return reply.code(status).send({ error: refusal.message });
    },
  });
}
