import { expectTypeOf, test } from "vitest";
import { z } from "zod";
import type { PluginContext } from "./index.js";
import type { PluginRequest, PluginRouteHandler } from "./subpaths/routes.js";
import { definePluginRoute } from "./subpaths/routes.js";

declare const ctx: PluginContext;

test("a route's request is typed from its schemas; parts without one keep the plain types", () => {
  ctx.registerRoute({
    method: "POST",
    path: "/plugins/notes/:id",
    schema: {
      params: z.object({ id: z.string() }),
      body: z.object({ text: z.string(), tags: z.array(z.string()).default([]) }),
    },
    handle(request) {
      expectTypeOf(request.params.id).toEqualTypeOf<string>();
      expectTypeOf(request.body).toEqualTypeOf<{ text: string; tags: string[] }>();
      expectTypeOf(request.query).toEqualTypeOf<Readonly<Record<string, string | undefined>>>();
      return { status: 201 };
    },
  });
});

test("a route without schemas sees the request as before", () => {
  ctx.registerRoute({
    method: "GET",
    path: "/plugins/notes/list",
    handle(request) {
      expectTypeOf(request).toEqualTypeOf<PluginRequest>();
      expectTypeOf(request.params).toEqualTypeOf<Readonly<Record<string, string>>>();
      expectTypeOf(request.body).toEqualTypeOf<unknown>();
      return {};
    },
  });
});

test("definePluginRoute keeps the types; a typed route fits a list of routes", () => {
  const route = definePluginRoute({
    method: "GET",
    path: "/plugins/notes/list",
    schema: { query: z.object({ limit: z.coerce.number() }) },
    handle: ({ query }) => {
      expectTypeOf(query.limit).toEqualTypeOf<number>();
      return {};
    },
  });
  const routes: PluginRouteHandler[] = [route];
  expectTypeOf(routes).toEqualTypeOf<PluginRouteHandler[]>();
});
