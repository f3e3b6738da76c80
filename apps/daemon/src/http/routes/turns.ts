import {
  AbortBodySchema,
  AbortResponseSchema,
  AnswerQuestionBodySchema,
  DecidePermissionBodySchema,
  OkBodySchema,
  PermissionParamsSchema,
  QuestionParamsSchema,
  SessionParamsSchema,
  SessionStateSchema,
  SubmitTurnBodySchema,
  SubmitTurnResponseSchema,
} from "@elowen/wire";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { AnswerRefusal } from "../../brain/interactive/ask-broker.js";
import type { HttpContext } from "../http-context.js";
import { requestAccess } from "../request-access.js";
import { route } from "../zod-route.js";
import { titleFromMessage } from "./first-message-title.js";
import { ownedSession } from "./session-access.js";
import { abortAnywhere, answerAnywhere } from "./turn-relayed.js";

function refused(reply: FastifyReply, refusal: AnswerRefusal | undefined, what: string) {
  if (refusal === undefined) return { ok: true as const };
  if (refusal.code === "not_found")
    return reply.code(404).send({ error: `no open ${what} of that id in this session` });
  if (refusal.code === "closed")
    return reply.code(409).send({ error: `this ${what} was already answered or has expired` });
  return reply.code(400).send({ error: refusal.message });
}

/**
 * Turns of a session: submit (the origin is stamped `composer`, a person's client), abort, the
 * live state, and the answers to questions and permission prompts (first client wins).
 */
export function turnRoutes(app: FastifyInstance, context: HttpContext): void {
  const { store, brain } = context;
  route(app, {
    method: "POST",
    url: "/sessions/:sessionId/turns",
    auth: "account",
    summary: "Submit a prompt; it runs after the turns before it",
    tags: ["turns"],
    schema: {
      params: SessionParamsSchema,
      body: SubmitTurnBodySchema,
      response: { 200: SubmitTurnResponseSchema, 202: SubmitTurnResponseSchema },
    },
    handler: async (request, reply) => {
      const { sessionId } = request.params;
      const session = await ownedSession(store, request, sessionId);
      const access = requestAccess(request);
      const outcome = await brain.submit({
        sessionId,
        text: request.body.text,
        origin: { kind: "composer" },
        access: { ...access, sessionId },
      });
      if (outcome.status === "dropped") return outcome;
      // An untitled session takes its title from its first message (a person renames it later).
      const title = session.title === null ? titleFromMessage(request.body.text) : undefined;
      if (title !== undefined) await store.sessions.rename(sessionId, title);
      if (request.body.waitForSettle) {
        const settled = await outcome.settled;
        if (!settled) return reply.code(409).send({ error: "the turn was cleared before it ran" });
        const { entryId: _entry, ...turnOutcome } = settled;
        return { status: "settled", submissionId: outcome.submissionId, outcome: turnOutcome };
      }
      reply.code(202);
      return { status: "accepted", submissionId: outcome.submissionId, position: outcome.position };
    },
  });
  route(app, {
    method: "POST",
    url: "/sessions/:sessionId/abort",
    auth: "account",
    summary: "End the running turn (reason aborted); optionally drop the queued ones",
    tags: ["turns"],
    schema: {
      params: SessionParamsSchema,
      body: AbortBodySchema,
      response: { 200: AbortResponseSchema },
    },
    handler: async (request) => {
      await ownedSession(store, request, request.params.sessionId);
      return abortAnywhere(context, request.params.sessionId, request.body.clearQueue === true);
    },
  });
  route(app, {
    method: "GET",
    url: "/sessions/:sessionId/state",
    auth: "account",
    summary: "The running turn, the queue, open questions and permission prompts",
    tags: ["turns"],
    schema: { params: SessionParamsSchema, response: { 200: SessionStateSchema } },
    handler: async (request) => {
      await ownedSession(store, request, request.params.sessionId);
      return brain.state(request.params.sessionId);
    },
  });
  route(app, {
    method: "POST",
    url: "/sessions/:sessionId/questions/:questionId",
    auth: "account",
    summary: "Answer a question a turn is parked on (the first answer wins)",
    tags: ["turns"],
    schema: {
      params: QuestionParamsSchema,
      body: AnswerQuestionBodySchema,
      response: { 200: OkBodySchema },
    },
    handler: async (request, reply) => {
      const { sessionId, questionId } = request.params;
      await ownedSession(store, request, sessionId);
      const refusal = await answerAnywhere(context, {
        kind: "answer",
        sessionId,
        questionId,
        answers: request.body.answers,
      });
      return refused(reply, refusal, "question");
    },
  });
  route(app, {
    method: "POST",
    url: "/sessions/:sessionId/permissions/:permissionId",
    auth: "account",
    summary: "Decide a permission prompt (the first decision wins)",
    tags: ["turns"],
    schema: {
      params: PermissionParamsSchema,
      body: DecidePermissionBodySchema,
      response: { 200: OkBodySchema },
    },
    handler: async (request, reply) => {
      const { sessionId, permissionId } = request.params;
      await ownedSession(store, request, sessionId);
      const refusal = await answerAnywhere(context, {
        kind: "decide",
        sessionId,
        permissionId,
        outcome: request.body.outcome,
      });
      return refused(reply, refusal, "permission prompt");
    },
  });
}
