import type { Access } from "@elowen/plugin-api/access";
import type { PluginRouteHandler } from "@elowen/plugin-api/routes";
import type { z } from "zod";
import { toJson } from "../../http/zod-route.js";
import { isGranted } from "../call-scope/grants.js";
import type { RouteEntry } from "./route-table.js";

type JsonSchema = Record<string, unknown>;
type Operation = Record<string, unknown>;
type Paths = Record<string, Record<string, Operation>>;

/** Operations already built, per handler: a handler's schemas do not change once registered. */
const built = new WeakMap<PluginRouteHandler, Operation>();

/**
 * The OpenAPI document with the plugin routes `access` may call added to `document.paths`: each
 * route with a handler, its `:name` segments as `{name}`, tagged with its plugin, with its summary
 * and the JSON Schema of its params, query, body and responses. The document given is not changed.
 */
export function withPluginRoutes<D extends { paths?: unknown }>(
  document: D,
  entries: readonly RouteEntry[],
  access: Access,
): D {
  const paths: Paths = {};
  for (const entry of entries) {
    if (!entry.handler || !isGranted(access, entry.plugin, entry.grantable)) continue;
    const path = entry.pattern.replace(/:([A-Za-z][A-Za-z0-9_]*)/g, "{$1}");
    const item = paths[path] ?? {};
    item[entry.method.toLowerCase()] = operation(entry, entry.handler);
    paths[path] = item;
  }
  if (Object.keys(paths).length === 0) return document;
  return { ...document, paths: { ...(document.paths as Paths | undefined), ...paths } };
}

function operation(entry: RouteEntry, handler: PluginRouteHandler): Operation {
  const cached = built.get(handler);
  if (cached) return cached;
  const schema = handler.schema ?? {};
  const pathNames = entry.segments.filter((s) => s.startsWith(":")).map((s) => s.slice(1));
  const parameters = [
    ...pathNames.map((name) => ({
      name,
      in: "path",
      required: true,
      schema: propertyOf(schema.params, name) ?? { type: "string" },
    })),
    ...queryParameters(schema.query),
  ];
  const out: Operation = {
    ...(handler.summary === undefined ? {} : { summary: handler.summary }),
    tags: [entry.plugin],
    security: [{ bearer: [] }],
    ...(parameters.length === 0 ? {} : { parameters }),
    ...(schema.body === undefined
      ? {}
      : {
          requestBody: {
            content: { "application/json": { schema: jsonOf(schema.body, "input") } },
          },
        }),
    responses: responses(schema.response),
  };
  built.set(handler, out);
  return out;
}

function queryParameters(query: z.ZodType | undefined) {
  if (query === undefined) return [];
  const json = jsonOf(query, "input");
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: "query",
    required: required.has(name),
    schema: property,
  }));
}

function responses(response: Readonly<Record<number, z.ZodType>> | undefined) {
  const entries = Object.entries(response ?? {});
  if (entries.length === 0) return { 200: { description: "Default Response" } };
  return Object.fromEntries(
    entries.map(([status, schema]) => [
      status,
      {
        description: "Default Response",
        content: { "application/json": { schema: jsonOf(schema, "output") } },
      },
    ]),
  );
}

function propertyOf(schema: z.ZodType | undefined, name: string): JsonSchema | undefined {
  if (schema === undefined) return undefined;
  const properties = jsonOf(schema, "input").properties as Record<string, JsonSchema> | undefined;
  return properties?.[name];
}

/** A plugin's schema as JSON Schema; one zod cannot express documents as "any" (never a 500). */
function jsonOf(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  try {
    return toJson(schema, io);
  } catch {
    return { description: "not expressible in JSON Schema" };
  }
}
