import {
  AccountListSchema,
  AccountParamsSchema,
  AccountSchema,
  CreateAccountBodySchema,
  GrantsSchema,
  IssuedTokenSchema,
  IssueTokenBodySchema,
  MeSchema,
  OkBodySchema,
  TokenInfoSchema,
} from "@elowen/wire";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { StoreError } from "../../store/store-error.js";
import type { HttpContext } from "../http-context.js";
import { route } from "../zod-route.js";

const TokenParamsSchema = AccountParamsSchema.extend({
  tokenId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

/** Refuses unless the caller is the instance owner or the account itself. */
function ownerOrSelf(request: FastifyRequest, accountId: number): void {
  const access = request.access;
  if (!access?.isOwner && access?.userId !== accountId) {
    throw Object.assign(new Error("only the instance owner or the account itself may do this"), {
      statusCode: 403,
    });
  }
}

/** Accounts, tokens and grants: the owner creates accounts and issues their tokens. */
export function accountRoutes(app: FastifyInstance, context: HttpContext): void {
  const { store } = context;
  const requireAccount = async (id: number) => {
    const account = await store.accounts.get(id);
    if (!account) throw new StoreError("not_found", `no account ${id}`);
    return account;
  };
  route(app, {
    method: "GET",
    url: "/me",
    auth: "account",
    summary: "The bearer's account and grants",
    tags: ["accounts"],
    schema: { response: { 200: MeSchema } },
    handler: async (request) => ({
      account: request.account,
      grants: [...(request.access?.grants ?? [])],
    }),
  });
  route(app, {
    method: "GET",
    url: "/accounts",
    auth: "admin",
    summary: "Every account",
    tags: ["accounts"],
    schema: { response: { 200: AccountListSchema } },
    handler: async () => ({ accounts: [...(await store.accounts.list())] }),
  });
  route(app, {
    method: "POST",
    url: "/accounts",
    auth: "owner",
    summary: "Create an account (owner)",
    tags: ["accounts"],
    schema: { body: CreateAccountBodySchema, response: { 201: AccountSchema } },
    handler: async (request, reply) => {
      reply.code(201);
      return store.accounts.create({ name: request.body.name, role: request.body.role });
    },
  });
  route(app, {
    method: "DELETE",
    url: "/accounts/:accountId",
    auth: "owner",
    summary: "Remove an account and its data (owner)",
    tags: ["accounts"],
    schema: { params: AccountParamsSchema, response: { 200: OkBodySchema } },
    handler: async (request) => {
      await requireAccount(request.params.accountId);
      await store.accounts.remove(request.params.accountId);
      await context.userRemoved(request.params.accountId);
      return { ok: true };
    },
  });
  route(app, {
    method: "POST",
    url: "/accounts/:accountId/tokens",
    auth: "account",
    summary: "Issue a bearer token (owner, or the account itself)",
    tags: ["accounts"],
    schema: {
      params: AccountParamsSchema,
      body: IssueTokenBodySchema,
      response: { 201: IssuedTokenSchema },
    },
    handler: async (request, reply) => {
      ownerOrSelf(request, request.params.accountId);
      await requireAccount(request.params.accountId);
      const issued = await store.tokens.issue(request.params.accountId, request.body.label);
      reply.code(201);
      return { ...issued.record, token: issued.token };
    },
  });
  route(app, {
    method: "GET",
    url: "/accounts/:accountId/tokens",
    auth: "account",
    summary: "An account's tokens, without secrets",
    tags: ["accounts"],
    schema: { params: AccountParamsSchema, response: { 200: z.array(TokenInfoSchema) } },
    handler: async (request) => {
      ownerOrSelf(request, request.params.accountId);
      await requireAccount(request.params.accountId);
      return [...(await store.tokens.list(request.params.accountId))];
    },
  });
  route(app, {
    method: "DELETE",
    url: "/accounts/:accountId/tokens/:tokenId",
    auth: "account",
    summary: "Revoke a token",
    tags: ["accounts"],
    schema: { params: TokenParamsSchema, response: { 200: OkBodySchema } },
    handler: async (request) => {
      ownerOrSelf(request, request.params.accountId);
      if (!(await store.tokens.revoke(request.params.accountId, request.params.tokenId))) {
        throw new StoreError(
          "not_found",
          `account ${request.params.accountId} has no token ${request.params.tokenId}`,
        );
      }
      return { ok: true };
    },
  });
  route(app, {
    method: "GET",
    url: "/accounts/:accountId/grants",
    auth: "account",
    summary: "An account's plugin grants and plugin-skill switch",
    tags: ["accounts"],
    schema: { params: AccountParamsSchema, response: { 200: GrantsSchema } },
    handler: async (request) => {
      if (!request.access?.isAdmin && request.access?.userId !== request.params.accountId) {
        throw Object.assign(
          new Error("only administrators or the account itself may read its grants"),
          { statusCode: 403 },
        );
      }
      await requireAccount(request.params.accountId);
      const grants = await store.grants.get(request.params.accountId);
      return { plugins: [...grants.plugins], pluginSkills: grants.pluginSkills };
    },
  });
  route(app, {
    method: "PUT",
    url: "/accounts/:accountId/grants",
    auth: "admin",
    summary: "Set an account's plugin grants (administrators)",
    tags: ["accounts"],
    schema: { params: AccountParamsSchema, body: GrantsSchema, response: { 200: GrantsSchema } },
    handler: async (request) => {
      request.body.plugins.forEach((name, index) => {
        const state = context.registry.states.find((s) => s.name === name);
        if (!state)
          throw new StoreError("invalid", `body.plugins.${index}: no plugin named ${name}`);
      });
      const grants = await store.grants.set(request.params.accountId, request.body);
      context.grantsChanged(request.params.accountId, grants);
      return { plugins: [...grants.plugins], pluginSkills: grants.pluginSkills };
    },
  });
}
