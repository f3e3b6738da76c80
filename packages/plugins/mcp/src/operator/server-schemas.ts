import { z } from "zod";
import {
  COMMON_SERVER_FIELDS,
  HTTP_SERVER_FIELDS,
  ServerNameSchema,
  STDIO_SERVER_FIELDS,
  transportProblem,
} from "../config/server-config.js";
import { MCP_SIGN_IN_CODE_MAX_CHARS, MCP_SIGN_IN_STATE_MAX_CHARS } from "../limits.js";

const CODE_RULE = `the authorization code from the redirect, 1 to ${MCP_SIGN_IN_CODE_MAX_CHARS} characters`;
const STATE_RULE = `the state from the redirect, 1 to ${MCP_SIGN_IN_STATE_MAX_CHARS} characters`;

/**
 * The zod schemas of the operator routes (`server-routes.ts`): the host validates params and
 * bodies at its boundary (a failure is a 400 whose `error` names the field, `body.url: ...`,
 * before the handler runs) and lists them, with the answers, in its OpenAPI document. A server's
 * fields follow the same rules as the config files (`server-config.ts`).
 */

/** The `:name` of a server route. */
export const ServerParamsSchema = z.object({ name: ServerNameSchema });

const ENTRY_FIELDS = {
  ...STDIO_SERVER_FIELDS,
  command: STDIO_SERVER_FIELDS.command.optional(),
  ...HTTP_SERVER_FIELDS,
  url: HTTP_SERVER_FIELDS.url.optional(),
  ...COMMON_SERVER_FIELDS,
};
const ENTRY_FIELD_NAMES = Object.keys(ENTRY_FIELDS).join(", ");

/**
 * A server to add: `name`, an optional `scope` (`instance`, the owner's default, or `account`)
 * and the server's own fields, with exactly one of `command` or `url`. Other fields are refused.
 */
export const AddServerBodySchema = z
  .strictObject(
    {
      name: ServerNameSchema,
      scope: z
        .enum(["instance", "account"], {
          error: '"instance" (mcp.json) or "account" (your own servers)',
        })
        .optional(),
      ...ENTRY_FIELDS,
    },
    {
      error: (issue) =>
        issue.code === "unrecognized_keys"
          ? `${issue.keys.join(", ")} is not a server field (${ENTRY_FIELD_NAMES})`
          : "a JSON object { name, command | url, ... }",
    },
  )
  .superRefine((body, ctx) => {
    const problem = transportProblem(body);
    if (problem)
      ctx.addIssue({
        code: "custom",
        message: problem.message,
        path: problem.field === undefined ? [] : [problem.field],
      });
  });
/** A server to add, as the handler receives it. */
export type AddServerBody = z.output<typeof AddServerBodySchema>;

/** What the sign-in's redirect brought back, posted by the web root's page. */
export const SignInCallbackBodySchema = z.object({
  code: z.string({ error: CODE_RULE }).min(1, CODE_RULE).max(MCP_SIGN_IN_CODE_MAX_CHARS, CODE_RULE),
  state: z
    .string({ error: STATE_RULE })
    .min(1, STATE_RULE)
    .max(MCP_SIGN_IN_STATE_MAX_CHARS, STATE_RULE),
});
/** A sign-in's callback, as the handler receives it. */
export type SignInCallbackBody = z.output<typeof SignInCallbackBodySchema>;

const NameListSchema = z.array(z.string());

/** One server as the operator routes list it (`ServerView`, see `serverViews`). */
export const ServerViewSchema = z.object({
  name: z.string(),
  source: z.enum(["yaml", "mcp.json", "plugin", "workspace", "account"]),
  transport: z.enum(["stdio", "http"]),
  status: z.string(),
  tools: z.number().int(),
  auth: z.string(),
  reason: z.string().optional(),
  file: z.string().optional().describe("the file it is configured in (administrators only)"),
  launch: z
    .union([
      z.object({
        command: z.string(),
        args: NameListSchema,
        cwd: z.string().optional(),
        env: NameListSchema.describe("the names of its variables"),
      }),
      z.object({ url: z.string(), headers: NameListSchema.describe("the names of its headers") }),
    ])
    .optional()
    .describe("what an untrusted workspace server would run (administrators only)"),
});

/** `GET /plugins/mcp/servers`: the servers the caller sees. */
export const ServerListAnswerSchema = z.object({ servers: z.array(ServerViewSchema) });

/** A change that was made: what it did, and the servers the caller sees now. */
export const ChangeAnswerSchema = z.object({
  message: z.string(),
  servers: z.array(ServerViewSchema),
});

/** A sign-in step: the notice, the authorization link to open (when one is needed), the servers. */
export const SignInAnswerSchema = z.object({
  message: z.string(),
  notice: z.string(),
  openUrl: z.string().optional(),
  servers: z.array(ServerViewSchema),
});

/** A refusal: a sentence naming the field and the rule. */
export const ErrorAnswerSchema = z.object({ error: z.string() });
