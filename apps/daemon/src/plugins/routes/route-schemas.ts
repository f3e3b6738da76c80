import type { PluginRouteHandler } from "@elowen/plugin-api/routes";
import { isRecord } from "@elowen/plugin-shared/record";
import { isZod } from "../../http/zod-route.js";

const SCHEMA_PARTS = ["params", "query", "body", "response"] as const;
/** The longest `summary` a route may give (one line in the OpenAPI document). */
export const ROUTE_SUMMARY_MAX_CHARS = 200;

/**
 * Checks what `registerRoute` is given beyond method and path: `summary` a one-line string of at
 * most {@link ROUTE_SUMMARY_MAX_CHARS}; `schema` an object whose `params`, `query` and `body` are
 * zod schemas and whose `response` maps HTTP statuses to zod schemas. Throws a TypeError naming
 * the field and the rule; nothing else is read, so a plugin without schemas is unchanged.
 */
export function checkRouteSchemas(route: PluginRouteHandler): void {
  const where = `registerRoute: ${route.method} ${route.path}`;
  const summary: unknown = route.summary;
  if (
    summary !== undefined &&
    (typeof summary !== "string" ||
      summary.length > ROUTE_SUMMARY_MAX_CHARS ||
      /[\r\n]/.test(summary))
  ) {
    throw new TypeError(
      `${where}: summary must be one line of at most ${ROUTE_SUMMARY_MAX_CHARS} characters`,
    );
  }
  const schema: unknown = route.schema;
  if (schema === undefined) return;
  if (!isRecord(schema))
    throw new TypeError(
      `${where}: schema must be an object of zod schemas (params, query, body, response)`,
    );
  for (const key of Object.keys(schema)) {
    if (!(SCHEMA_PARTS as readonly string[]).includes(key))
      throw new TypeError(
        `${where}: schema.${key} is not a part of a route; the parts are ${SCHEMA_PARTS.join(", ")}`,
      );
  }
  for (const part of ["params", "query", "body"] as const) {
    const value = schema[part];
    if (value !== undefined && !isZodSchema(value))
      throw new TypeError(`${where}: schema.${part} must be a zod schema`);
  }
  const response = schema.response;
  if (response === undefined) return;
  if (!isRecord(response))
    throw new TypeError(`${where}: schema.response must map HTTP statuses to zod schemas`);
  for (const [status, value] of Object.entries(response)) {
    if (!/^[1-5][0-9]{2}$/.test(status))
      throw new TypeError(`${where}: schema.response.${status} is not an HTTP status (100 to 599)`);
    if (!isZodSchema(value))
      throw new TypeError(`${where}: schema.response.${status} must be a zod schema`);
  }
}

function isZodSchema(value: unknown): boolean {
  return isZod(value) && typeof (value as { safeParse?: unknown }).safeParse === "function";
}
