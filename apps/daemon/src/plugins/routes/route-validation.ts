import type { PluginRouteSchemas } from "@elowen/plugin-api/routes";
import type { z } from "zod";
import type { RequestValidationError } from "../../http/validation-error.js";
import { type PartResult, parseRequestPart } from "../../http/zod-route.js";

/** A plugin request's parts as the handler receives them. */
export interface RequestParts {
  readonly params: unknown;
  readonly query: unknown;
  readonly body: unknown;
}

/** The parts parsed by the route's schemas, or the first part's failure. */
export type PartsResult =
  | { readonly ok: true; readonly parts: RequestParts }
  | { readonly ok: false; readonly error: RequestValidationError };

/**
 * Validates a plugin request at the boundary with the route's zod schemas, in the order params,
 * query, body, by the same rule as core routes (`parseRequestPart`): a part without a schema
 * passes unchanged, a parsed part replaces the raw one, the first failure is the 400 naming its
 * path (`params.name`, `query.owner`, `body.content`). An absent body stays `undefined` when the
 * route has no body schema.
 */
export function validateParts(
  schema: PluginRouteSchemas | undefined,
  raw: RequestParts,
): PartsResult {
  if (schema === undefined) return { ok: true, parts: raw };
  const params = parse(schema.params, "params", raw.params);
  if ("error" in params) return { ok: false, error: params.error };
  const query = parse(schema.query, "query", raw.query);
  if ("error" in query) return { ok: false, error: query.error };
  const body = parse(schema.body, "body", raw.body);
  if ("error" in body) return { ok: false, error: body.error };
  return { ok: true, parts: { params: params.value, query: query.value, body: body.value } };
}

function parse(schema: z.ZodType | undefined, part: string, data: unknown): PartResult {
  return schema === undefined ? { value: data } : parseRequestPart(schema, part, data);
}
