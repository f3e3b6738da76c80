import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  HTTPMethods,
} from "fastify";
import { z } from "zod";
import { RequestValidationError } from "./validation-error.js";

/** Who may call a route: anyone, any account, administrators, or the instance owner. */
export type RouteAuth = "none" | "account" | "admin" | "owner";

/** The zod schemas of one route: they validate the request and generate the OpenAPI document. */
export interface RouteSchemas {
  readonly params?: z.ZodType;
  readonly querystring?: z.ZodType;
  readonly body?: z.ZodType;
  readonly response: Readonly<Record<number, z.ZodType>>;
}

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

/** A request whose parts are the routes' parsed schemas. */
export type TypedRequest<S extends RouteSchemas> = FastifyRequest<{
  Params: Out<S["params"]>;
  Querystring: Out<S["querystring"]>;
  Body: Out<S["body"]>;
}>;

/** One route: method, URL, schemas, who may call it, documentation and the handler. */
export interface RouteSpec<S extends RouteSchemas> {
  readonly method: HTTPMethods;
  readonly url: string;
  readonly auth: RouteAuth;
  readonly summary: string;
  readonly tags: readonly string[];
  readonly schema: S;
  /**
   * Answers with the body, the reply it sent, or a promise of either. Never undefined: Fastify
   * would wait for a reply that never comes.
   */
  readonly handler: (request: TypedRequest<S>, reply: FastifyReply) => Promise<unknown> | object;
}

/** Registers a route whose request parts are validated with zod (400 naming the path). */
export function route<S extends RouteSchemas>(app: FastifyInstance, spec: RouteSpec<S>): void {
  app.route({
    method: spec.method,
    url: spec.url,
    config: { auth: spec.auth },
    schema: {
      summary: spec.summary,
      tags: [...spec.tags],
      ...(spec.auth === "none" ? {} : { security: [{ bearer: [] }] }),
      ...(spec.schema.params ? { params: spec.schema.params } : {}),
      ...(spec.schema.querystring ? { querystring: spec.schema.querystring } : {}),
      ...(spec.schema.body ? { body: spec.schema.body } : {}),
      response: spec.schema.response,
    },
    handler: spec.handler as never,
  });
}

/**
 * Installs zod as the validator (request parts are replaced by their parsed values, defaults
 * applied) and plain JSON.stringify as the serializer (response schemas document, they do not
 * slow the hot path).
 */
export function useZod(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const zod = schema as unknown as z.ZodType;
    const part = httpPart ?? "request";
    return (data: unknown) => parseRequestPart(zod, part, data);
  });
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
}

/** A request part parsed by its schema: the parsed value, or the 400 naming the failing path. */
export type PartResult = { readonly value: unknown } | { readonly error: RequestValidationError };

/**
 * Parses one request part (`params`, `querystring`, `body`, ...) with its zod schema, the one rule
 * for core and plugin routes: an absent or null body is parsed as `{}`; a failure is a
 * {@link RequestValidationError} whose paths start with `part`.
 */
export function parseRequestPart(schema: z.ZodType, part: string, data: unknown): PartResult {
  const input = part === "body" && (data === null || data === undefined) ? {} : data;
  const parsed = schema.safeParse(input);
  if (parsed.success) return { value: parsed.data };
  return { error: new RequestValidationError(part, parsed.error) };
}

/** The `transform` of @fastify/swagger: turns each zod schema of a route into JSON Schema. */
export function zodToOpenApi(input: { schema: FastifySchema; url: string }) {
  const { url } = input;
  const schema = input.schema as Record<string, unknown> | undefined;
  if (!schema) return { schema: input.schema, url };
  const out: Record<string, unknown> = { ...schema };
  for (const part of ["params", "querystring", "body"] as const) {
    const value = schema[part];
    if (isZod(value)) out[part] = toJson(value, "input");
  }
  const response = schema.response as Record<string, unknown> | undefined;
  if (response) {
    out.response = Object.fromEntries(
      Object.entries(response).map(([status, value]) => [
        status,
        isZod(value) ? toJson(value, "output") : value,
      ]),
    );
  }
  return { schema: out as FastifySchema, url };
}

/** True for a zod schema (of any zod 4 copy: the check is structural). */
export function isZod(value: unknown): value is z.ZodType {
  return typeof value === "object" && value !== null && "_zod" in value;
}

/** A zod schema as the OpenAPI 3.0 JSON Schema of a request (`input`) or an answer (`output`). */
export function toJson(schema: z.ZodType, io: "input" | "output"): Record<string, unknown> {
  const json = z.toJSONSchema(schema, {
    io,
    unrepresentable: "any",
    target: "openapi-3.0",
  }) as Record<string, unknown>;
  delete json.$schema;
  return json;
}
