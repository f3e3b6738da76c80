import {
  CardListSchema,
  CreateSessionBodySchema,
  HistoryPageSchema,
  OkBodySchema,
  PageQuerySchema,
  SessionPageSchema,
  SessionParamsSchema,
  SessionSchema,
  UpdateSessionBodySchema,
} from "@elowen/wire";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { entryView } from "../../live/entry-view.js";
import type { SessionRecord } from "../../store/types.js";
import type { HttpContext } from "../http-context.js";
import { RequestValidationError } from "../validation-error.js";
import { route } from "../zod-route.js";
import { ownedSession } from "./session-access.js";

/** A session as the API shows it (the leaf is the host's). */
export function sessionView(s: SessionRecord) {
  return {
    id: s.id,
    ownerId: s.ownerId,
    title: s.title,
    kind: s.kind,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
    ...(s.workspace === null ? {} : { workspace: s.workspace }),
  };
}

/** Sessions of the caller: create, list, read, rename, delete; history pages and cards. */
export function sessionRoutes(app: FastifyInstance, context: HttpContext): void {
  const { store } = context;
  const accountId = (request: { account?: { id: number } }) => request.account?.id ?? 0;
  route(app, {
    method: "GET",
    url: "/sessions",
    auth: "account",
    summary: "The caller's sessions, most recently updated first",
    tags: ["sessions"],
    schema: { querystring: PageQuerySchema, response: { 200: SessionPageSchema } },
    handler: async (request) => {
      const page = await store.sessions.list(accountId(request), {
        limit: request.query.limit,
        ...(request.query.cursor === undefined ? {} : { cursor: request.query.cursor }),
      });
      return { sessions: page.sessions.map(sessionView), nextCursor: page.nextCursor };
    },
  });
  route(app, {
    method: "POST",
    url: "/sessions",
    auth: "account",
    summary: "Create an interactive session",
    tags: ["sessions"],
    schema: { body: CreateSessionBodySchema, response: { 201: SessionSchema } },
    handler: async (request, reply) => {
      const workspace = await checkedWorkspace(context, request.body.workspace);
      const session = await store.sessions.create({
        ownerId: accountId(request),
        kind: "interactive",
        ...(request.body.title === undefined ? {} : { title: request.body.title }),
        ...(workspace === undefined ? {} : { workspace }),
      });
      if (workspace !== undefined) await context.sessionWorkspaces?.enter(session.id, workspace);
      reply.code(201);
      return sessionView(session);
    },
  });
  route(app, {
    method: "GET",
    url: "/sessions/:sessionId",
    auth: "account",
    summary: "One session",
    tags: ["sessions"],
    schema: { params: SessionParamsSchema, response: { 200: SessionSchema } },
    handler: async (request) =>
      sessionView(await ownedSession(store, request, request.params.sessionId)),
  });
  route(app, {
    method: "PATCH",
    url: "/sessions/:sessionId",
    auth: "account",
    summary: "Rename a session",
    tags: ["sessions"],
    schema: {
      params: SessionParamsSchema,
      body: UpdateSessionBodySchema,
      response: { 200: SessionSchema },
    },
    handler: async (request) => {
      await ownedSession(store, request, request.params.sessionId);
      const renamed = await store.sessions.rename(request.params.sessionId, request.body.title);
      return sessionView(renamed ?? (await ownedSession(store, request, request.params.sessionId)));
    },
  });
  route(app, {
    method: "DELETE",
    url: "/sessions/:sessionId",
    auth: "account",
    summary: "Delete a session with its journal, cards and attachments",
    tags: ["sessions"],
    schema: { params: SessionParamsSchema, response: { 200: OkBodySchema } },
    handler: async (request) => {
      await ownedSession(store, request, request.params.sessionId);
      await store.sessions.remove(request.params.sessionId);
      context.events.forget(request.params.sessionId);
      context.sessionWorkspaces?.forget(request.params.sessionId);
      return { ok: true };
    },
  });
  route(app, {
    method: "GET",
    url: "/sessions/:sessionId/history",
    auth: "account",
    summary: "A page of the visible history, newest page first",
    tags: ["sessions"],
    schema: {
      params: SessionParamsSchema,
      querystring: PageQuerySchema,
      response: { 200: HistoryPageSchema },
    },
    handler: async (request) => {
      await ownedSession(store, request, request.params.sessionId);
      const page = await store.journal.page(request.params.sessionId, {
        limit: request.query.limit,
        ...(request.query.cursor === undefined ? {} : { cursor: request.query.cursor }),
      });
      return { entries: page.entries.map(entryView), nextCursor: page.nextCursor };
    },
  });
  route(app, {
    method: "GET",
    url: "/sessions/:sessionId/cards",
    auth: "account",
    summary: "The session's current cards",
    tags: ["sessions"],
    schema: { params: SessionParamsSchema, response: { 200: CardListSchema } },
    handler: async (request) => {
      await ownedSession(store, request, request.params.sessionId);
      return { cards: [...(await store.cards.list(request.params.sessionId))] };
    },
  });
}

/**
 * The real path of the workspace a session is to be created in, checked where it enters: an
 * existing directory within `brain.allowedWorkspaces`; a 400 naming `body.workspace` otherwise.
 */
async function checkedWorkspace(
  context: HttpContext,
  workspace: string | undefined,
): Promise<string | undefined> {
  if (workspace === undefined) return undefined;
  const checked = context.sessionWorkspaces
    ? await context.sessionWorkspaces.check(workspace)
    : ({ ok: false, message: "this daemon offers no workspace choice" } as const);
  if (checked.ok) return checked.workspace;
  throw new RequestValidationError(
    "body",
    new z.ZodError([
      { code: "custom", path: ["workspace"], message: checked.message, input: workspace },
    ]),
  );
}
