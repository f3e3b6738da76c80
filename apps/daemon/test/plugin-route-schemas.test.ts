import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { json } from "./helpers/json.js";
import { startTestDaemon, type TestDaemon } from "./helpers/test-daemon.js";

let t: TestDaemon;
beforeAll(async () => {
  t = await startTestDaemon({ plugins: ["typed-routes", "bad-route-schema", "grantable"] });
});
afterAll(() => t.close());

function post(path: string, body: unknown) {
  return t.request(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

interface OpenApiDocument {
  paths: Record<string, Record<string, Record<string, unknown>>>;
}

describe("plugin routes declared with zod schemas", () => {
  test("the handler receives the parsed params, query and body, defaults applied", async () => {
    const response = await post("/plugins/notes/groceries?pin=yes", { text: "milk" });
    expect(response.status).toBe(201);
    expect(await json(response)).toEqual({
      id: "groceries",
      text: "milk",
      tags: [],
      pinned: true,
    });
    const list = await t.request("/plugins/notes/list?limit=5");
    expect(await json(list)).toEqual({ notes: ["groceries"], limit: 5 });
  });

  test.each([
    [
      "a body past its limit",
      "/plugins/notes/a",
      { text: "x".repeat(21) },
      "body.text",
      /^body\.text: .*20/,
    ],
    ["a missing body field", "/plugins/notes/a", { tags: [] }, "body.text", /^body\.text: /],
    [
      "an unknown body field",
      "/plugins/notes/a",
      { text: "x", colour: "red" },
      "body",
      /^body: .*colour/,
    ],
    [
      "an invalid path parameter",
      "/plugins/notes/Bad_Id",
      { text: "x" },
      "params.id",
      /^params\.id: lowercase letters, digits and dashes, 1 to 40$/,
    ],
    [
      "an invalid query parameter",
      "/plugins/notes/a?pin=maybe",
      { text: "x" },
      "query.pin",
      /^query\.pin: /,
    ],
  ])(
    "%s is a 400 in the core routes' shape, naming the field, before the handler runs",
    async (_label, path, body, field, message) => {
      const response = await post(path, body);
      expect(response.status).toBe(400);
      const answer = (await json(response)) as { error: string; path: string; issues: unknown[] };
      expect(answer).toEqual({
        error: expect.stringMatching(message),
        path: field,
        issues: expect.arrayContaining([{ path: field, message: expect.any(String) }]),
      });
      expect(await json(await t.request("/plugins/notes/list"))).not.toMatchObject({
        notes: expect.arrayContaining(["Bad_Id"]),
      });
    },
  );

  test("the body limit is exact: 20 characters pass, 21 do not", async () => {
    expect((await post("/plugins/notes/limit", { text: "x".repeat(20) })).status).toBe(201);
    expect((await post("/plugins/notes/limit", { text: "x".repeat(21) })).status).toBe(400);
  });

  test("a core route's validation failure has the same shape", async () => {
    const response = await t.request("/sessions", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ title: "t".repeat(201) }),
    });
    expect(response.status).toBe(400);
    expect(Object.keys((await json(response)) as object).sort()).toEqual([
      "error",
      "issues",
      "path",
    ]);
  });

  test("a query value coerced by its schema arrives parsed; an out-of-range one is refused", async () => {
    expect(await json(await t.request("/plugins/notes/list?limit=100"))).toMatchObject({
      limit: 100,
    });
    const refused = await t.request("/plugins/notes/list?limit=101");
    expect(refused.status).toBe(400);
    expect(await json(refused)).toMatchObject({ path: "query.limit" });
  });

  test("a route without schemas gets the request as before", async () => {
    expect(await json(await t.request("/plugins/notes/raw?a=1"))).toEqual({
      query: { a: "1" },
      body: null,
    });
  });

  test("a route schema that is not a zod schema refuses the plugin, naming the field", async () => {
    const state = (await t.owner.status()).plugins.find((p) => p.name === "acme-bad-route-schema");
    expect(state?.state).not.toBe("loaded");
    expect(state?.reason).toContain(
      "registerRoute: POST /plugins/bad-route-schema/x: schema.body must be a zod schema",
    );
    expect((await post("/plugins/bad-route-schema/x", {})).status).toBe(404);
  });
});

describe("plugin routes in the OpenAPI document", () => {
  test("lists each plugin route under its path, tagged with its plugin, with its schemas", async () => {
    const doc = (await json(await t.request("/openapi.json"))) as OpenApiDocument;
    const save = doc.paths["/plugins/notes/{id}"]?.post;
    expect(save).toMatchObject({
      summary: "Saves a note",
      tags: ["acme-notes"],
      security: [{ bearer: [] }],
      parameters: [
        {
          name: "id",
          in: "path",
          required: true,
          schema: { type: "string", pattern: "^[a-z0-9-]{1,40}$" },
        },
        { name: "pin", in: "query", required: false, schema: { enum: ["yes", "no"] } },
      ],
      requestBody: {
        content: {
          "application/json": {
            schema: {
              type: "object",
              properties: { text: { type: "string", minLength: 1, maxLength: 20 } },
              required: ["text"],
              additionalProperties: false,
            },
          },
        },
      },
      responses: {
        201: {
          content: {
            "application/json": {
              schema: { properties: { pinned: { type: "boolean" } } },
            },
          },
        },
      },
    });
    expect(doc.paths["/plugins/notes/list"]?.get).toMatchObject({
      tags: ["acme-notes"],
      parameters: [{ name: "limit", in: "query", required: false }],
    });
    expect(doc.paths["/plugins/notes/raw"]?.get).toMatchObject({
      tags: ["acme-notes"],
      responses: { 200: { description: "Default Response" } },
    });
    // The core routes are still there.
    expect(doc.paths["/sessions"]?.post).toBeDefined();
    // A refused plugin's route is not.
    expect(doc.paths["/plugins/bad-route-schema/x"]).toBeUndefined();
  });

  test("a user-grantable plugin's routes are listed only for accounts that may call them", async () => {
    const user = await t.account("openapi-reader");
    const before = (await json(
      await t.request("/openapi.json", { token: user.token }),
    )) as OpenApiDocument;
    expect(before.paths["/plugins/grantable/ping"]).toBeUndefined();
    expect(before.paths["/plugins/notes/list"]).toBeDefined();
    await t.owner.accounts.setGrants(user.id, { plugins: ["acme-grantable"], pluginSkills: true });
    const after = (await json(
      await t.request("/openapi.json", { token: user.token }),
    )) as OpenApiDocument;
    expect(after.paths["/plugins/grantable/ping"]?.get).toMatchObject({
      tags: ["acme-grantable"],
    });
  });
});
